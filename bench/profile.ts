/**
 * `npm run build && npx tsx bench/profile.ts --only "long tail: search" [--size 20000] [--db pglite|postgres]
 *   [--data-dir DIR] [--seconds 15]`
 * Where the time goes: starts the built server under `node --cpu-prof`, sends the chosen scenarios'
 * URLs at 10 connections (as `npm run bench` does, no warm-up), stops it and prints, for each thread (the main
 * thread, each render thread), the functions with the most self time, then the most inclusive time. Only the
 * samples taken while the load ran are counted: not the start, the seeding, nor a scenario's `prepare` (the
 * orders a payment scenario places first). `--data-dir` keeps a PGlite database between runs (seeded once).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBuiltServer } from '../scripts/built-server';
import { demoServerEnvironment, homePageContext, scenarioPaths, scenarioRequests } from './scenario';
import { threadName } from './thread-name';
import { allScenarios, namesChosenBy } from './scenarios';

const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '15' },
    only: { type: 'string', default: 'long tail' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    port: { type: 'string', default: '3997' },
    top: { type: 'string', default: '25' },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  /** Microseconds on the machine's monotonic clock, the clock of `process.hrtime`. */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** When a scenario's load ran, in microseconds on the monotonic clock. */
interface LoadWindow {
  from: number;
  to: number;
}

const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** The profile with only the samples taken inside one of the windows. */
function withinWindows(profile: Profile, windows: LoadWindow[]): Profile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (windows.some((w) => at >= w.from && at <= w.to)) {
      samples.push(id);
      timeDeltas.push(delta);
    }
  });
  return { ...profile, samples, timeDeltas };
}

/** Node names a profile `CPU.<date>.<time>.<pid>.<thread id>.<sequence>.cpuprofile`; thread 0 is the main one. */
function threadOf(file: string): string {
  return threadName(file.split('.').at(-3));
}

/** A function's name, file and line, as the listings show it. */
function keyOf(f: ProfileNode['callFrame']): string {
  const file = f.url.replace(/^file:\/\/.*?\/(node_modules|build|src)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
}

/**
 * Inclusive time per function (itself and what it called), each sample counted once per function even
 * when the function is on its stack twice: where a request's time goes by step (render, loaders, send).
 */
function inclusiveEntries(profile: Profile, top: number): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byNode.get(at);
      if (!node || node.callFrame.functionName === '(root)') continue;
      const key = keyOf(node.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + delta);
    }
  });
  return [...inclusive.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, us]) => shareLine(us, total, key));
}

/** One line of a listing: the share of the profile, the milliseconds and the function. */
const shareLine = (us: number, total: number, key: string) =>
  `${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`;

/** Self time per function (name, file, line), summed over the profile's nodes. */
function topEntries(profile: Profile, top: number): string[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byNode.get(id)?.callFrame;
    if (!f) return;
    const key = keyOf(f);
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  // Where the functions live: PGlite's WebAssembly (the SQL itself), a package, the shop's code, Node.
  const byPlace = new Map<string, number>();
  for (const [key, us] of self) {
    const file = key.slice(key.indexOf(' ') + 1);
    const place = file.startsWith('wasm://')
      ? 'PGlite WebAssembly (SQL execution)'
      : (/^node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(file)?.[0] ??
        (file.startsWith('build/') ? 'the shop (build/)' : key.startsWith('(') ? key.split(' ')[0] : 'node internals'));
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const places = [...byPlace.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([place, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${place}`);
  return [
    ...places,
    '',
    ...[...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, us]) => shareLine(us, total, key)),
  ];
}

const port = Number(args.port);
const dataDir = args['data-dir'] ?? mkdtempSync(path.join(os.tmpdir(), 'maranatha-profile-'));
mkdirSync(dataDir, { recursive: true });
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'maranatha-cpuprofile-'));
const server = await startBuiltServer(
  port,
  {
    ...demoServerEnvironment(dataDir, port, args.size),
    ...(args['database-url'] ? { DATABASE_URL: args['database-url'] } : {}),
  },
  30 * 60_000,
  ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
);
const windows: LoadWindow[] = [];
try {
  const ctx = await homePageContext(server.baseURL, dataDir);
  const isChosen = namesChosenBy(args.only);
  for (const scenario of allScenarios.filter((s) => isChosen(s.name))) {
    // The same request as `npm run bench` sends: the scenario's cookie, method and body.
    const extra = (await scenario.prepare?.(ctx)) ?? {};
    const paths = scenarioPaths(scenario, ctx, extra);
    const from = monotonicMicros();
    const r = await autocannon({
      url: server.baseURL,
      connections: 10,
      duration: Number(args.seconds),
      ...scenarioRequests(paths, extra, { next: 0 }),
    });
    windows.push({ from, to: monotonicMicros() });
    console.log(
      `${scenario.name}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${Math.round(r.requests.average)} req/s, non-2xx ${r.non2xx}`,
    );
  }
} finally {
  await server.stop();
  if (!args['data-dir']) rmSync(dataDir, { recursive: true, force: true });
}
for (const file of readdirSync(profileDir)) {
  const profile = withinWindows(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as Profile, windows);
  console.log(
    `\nTop self time, ${threadOf(file)}, while the load ran (${file}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}:`,
  );
  for (const line of topEntries(profile, Number(args.top))) console.log(line);
  console.log('\nTop inclusive time (the function and what it called):');
  for (const line of inclusiveEntries(profile, Number(args.top) * 2)) console.log(line);
}
if (process.env.KEEP_PROFILE) console.log(`profiles kept in ${profileDir}`);
else rmSync(profileDir, { recursive: true, force: true });
