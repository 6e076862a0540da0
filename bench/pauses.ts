/**
 * `npm run build && npx tsx bench/pauses.ts [--only "long tail: search page,long tail: product page"] [--seconds 10] [--min-pause 5]
 *   [--size 20000] [--data-dir DIR]`
 * What the slowest requests waited on: starts the built server with bench/gc-observer.cjs preloaded, which logs every
 * garbage-collection pause of each of its threads (the main thread, the render threads) with its wall-clock time,
 * and sends each chosen scenario's URLs at 10 connections through autocannon, as `npm run bench` does, after a
 * 3-second warm-up, keeping each response's start and end. It prints, per scenario, the latency percentiles, each
 * thread's pauses by kind, and how many of the requests at or over the p99 were in flight during a pause of at least
 * `--min-pause` ms against how many of all requests were: a p99 made by the collector shows as the first share far
 * above the second. `--data-dir` keeps a PGlite database between runs (seeded once).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBuiltServer } from '../scripts/built-server';
import { median } from './median';
import { demoServerEnvironment, homePageContext, scenarioPaths } from './scenario';
import { allScenarios, namesChosenBy } from './scenarios';
import { threadName } from './thread-name';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'long tail: search page' },
    seconds: { type: 'string', default: '10' },
    'min-pause': { type: 'string', default: '5' },
    size: { type: 'string', default: '20000' },
    'data-dir': { type: 'string' },
    port: { type: 'string', default: '3996' },
  },
});

/** A span of wall-clock time, in milliseconds since the epoch. */
interface Span {
  from: number;
  to: number;
}
interface Pause extends Span {
  thread: string;
  kind: string;
}

const wallNow = () => performance.timeOrigin + performance.now();
const overlaps = (a: Span, b: Span) => a.from < b.to && b.from < a.to;

/** The pauses each thread logged (bench/gc-observer.cjs, a file `<pid>-<thread id>.log` a thread). */
function readPauses(directory: string): Pause[] {
  return readdirSync(directory).flatMap((file) => {
    const thread = threadName(file.replace(/\.log$/, '').split('-')[1]);
    return readFileSync(path.join(directory, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [began, duration, ...kind] = line.split(' ');
        return { thread, kind: kind.join(' '), from: Number(began), to: Number(began) + Number(duration) };
      });
  });
}

/** The p99 of ascending values. */
const p99Of = (sorted: number[]) => sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))];

/** One line a thread and kind: how many pauses, their total, median and longest. */
function pauseLines(pauses: Pause[]): string[] {
  const groups = new Map<string, number[]>();
  for (const p of pauses) {
    const key = `${p.thread}, ${p.kind}`;
    const durations = groups.get(key) ?? [];
    durations.push(p.to - p.from);
    groups.set(key, durations);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, durations]) => {
      const sorted = durations.sort((a, b) => a - b);
      const total = sorted.reduce((sum, d) => sum + d, 0);
      return `  ${key}: ${sorted.length}, ${total.toFixed(0)} ms in all, median ${median(sorted).toFixed(1)} ms, longest ${sorted[sorted.length - 1].toFixed(1)} ms`;
    });
}

const share = (part: number, whole: number) => `${part} of ${whole} (${((100 * part) / whole).toFixed(0)} %)`;

const dataDir = args['data-dir'] ?? mkdtempSync(path.join(os.tmpdir(), 'maranatha-pauses-'));
mkdirSync(dataDir, { recursive: true });
const logDir = mkdtempSync(path.join(os.tmpdir(), 'maranatha-gc-pauses-'));
const port = Number(args.port);
const server = await startBuiltServer(
  port,
  { ...demoServerEnvironment(dataDir, port, args.size), GC_PAUSE_LOG_DIR: logDir },
  30 * 60_000,
  ['-r', path.resolve('bench/gc-observer.cjs')],
);
const minPause = Number(args['min-pause']);
try {
  const ctx = await homePageContext(server.baseURL, dataDir);
  const isChosen = namesChosenBy(args.only);
  const chosen = allScenarios.filter((s) => isChosen(s.name));
  if (chosen.length === 0) throw new Error(`no scenario matches ${args.only}`);
  for (const scenario of chosen) {
    if (scenario.prepare) throw new Error(`${scenario.name} prepares requests: not supported here`);
    const paths = scenarioPaths(scenario, ctx);
    let next = 0;
    let failed = 0;
    const load = (seconds: number, responses: Span[]) =>
      new Promise<void>((resolve, reject) => {
        const instance = autocannon(
          {
            url: server.baseURL,
            connections: 10,
            duration: seconds,
            headers: { 'accept-encoding': 'gzip' },
            requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
          },
          (error) => (error ? reject(error) : resolve()),
        );
        instance.on('response', (_client, status: number, _bytes, responseTime: number) => {
          const to = wallNow();
          if (status >= 400) failed++;
          responses.push({ from: to - responseTime, to });
        });
      });
    await load(3, []);
    failed = 0;
    const responses: Span[] = [];
    const window = { from: wallNow(), to: 0 };
    await load(Number(args.seconds), responses);
    window.to = wallNow();
    if (responses.length === 0) throw new Error(`${scenario.name}: no response in ${args.seconds} s`);
    const pauses = readPauses(logDir).filter((p) => overlaps(p, window));
    const latencies = responses.map((r) => r.to - r.from).sort((a, b) => a - b);
    const p99 = p99Of(latencies);
    const long = pauses.filter((p) => p.to - p.from >= minPause);
    const duringLong = (r: Span) => long.some((p) => overlaps(p, r));
    const slowest = responses.filter((r) => r.to - r.from >= p99);
    console.log(
      `${scenario.name}: ${responses.length} requests, p50 ${median(latencies).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, longest ${latencies[latencies.length - 1].toFixed(1)} ms, ${failed} answered 4xx or 5xx`,
    );
    console.log(`Pauses while it ran (thread, kind):`);
    for (const line of pauseLines(pauses)) console.log(line);
    console.log(
      `In flight during a pause of ${minPause} ms or more: of the requests at or over the p99, ${share(slowest.filter(duringLong).length, slowest.length)}; of all requests, ${share(responses.filter(duringLong).length, responses.length)}`,
    );
    for (const thread of [...new Set(long.map((p) => p.thread))].sort()) {
      const own = long.filter((p) => p.thread === thread);
      const hit = slowest.filter((r) => own.some((p) => overlaps(p, r))).length;
      console.log(`  of the slowest, during one of the ${thread}'s: ${share(hit, slowest.length)}`);
    }
    console.log('');
  }
} finally {
  await server.stop();
  rmSync(logDir, { recursive: true, force: true });
  if (!args['data-dir']) rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `${os.cpus()[0]?.model}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
