// Preloaded by bench/pauses.ts into the built server (`node -r`): every thread of the process (the main thread, each
// render thread) appends each garbage-collection pause it takes to a file of its own in GC_PAUSE_LOG_DIR, one line a
// pause: the wall-clock time it began (ms since the epoch), how long it held the thread (ms) and its kind.
const { PerformanceObserver, constants, performance } = require('node:perf_hooks');
const { threadId } = require('node:worker_threads');
const { openSync, writeSync } = require('node:fs');
const path = require('node:path');

const directory = process.env.GC_PAUSE_LOG_DIR;
if (directory) {
  const file = openSync(path.join(directory, `${process.pid}-${threadId}.log`), 'a');
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'full',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const began = performance.timeOrigin + entry.startTime;
      writeSync(file, `${began.toFixed(2)} ${entry.duration.toFixed(3)} ${kinds[entry.detail?.kind] ?? 'other'}\n`);
    }
  }).observe({ entryTypes: ['gc'] });
}
