/**
 * `npx tsx bench/ab.ts --a DIR --b DIR [--only "long tail: product page,long tail: search page"] [--rounds 6]
 *   [--seconds 8] [--size 20000] [--data-dir DIR] [--env-a|--env-b KEY=VALUE,…] [--node-a=|--node-b="--flag …"]`
 * Two builds measured in turns on one host: each of DIR/build/server.js (two checkouts, each built) starts on its
 * own copy of one PGlite database, and each round runs every chosen scenario on A and on B, in alternating order
 * (AB, BA, …), with the same URLs for both, so that what the shared machine does meanwhile falls on both alike. A
 * round prints, per server, p50, p99, req/s and the process's CPU time per request (user + system, every thread,
 * from /proc): the last is the figure the host's speed moves least. Ends with the medians and in how many rounds
 * B did better. The machine's figures of one run are comparable with each other only (docs/PERFORMANCE.md). A
 * scenario that prepares its request (a cart and its cookie) is prepared once on each side's database; one whose
 * every request is its own (an order's cart, a signed notification) draws them from what that preparation made on
 * each side, so the rounds must not ask for more than it made (notifications: 9,000 a side, about 4 rounds of 6 s).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { type RunningServer, startBuiltServer } from '../scripts/built-server';
import { median } from './median';
import {
  type BenchContext,
  type BenchRequest,
  demoServerEnvironment,
  homePageContext,
  scenarioPaths,
  scenarioRequests,
  startedOverNote,
} from './scenario';
import { allScenarios, namesChosenBy } from './scenarios';

const { values: args } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    only: { type: 'string', default: 'long tail: product page,long tail: search page' },
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '8' },
    size: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
    /** Environment of one side only, `KEY=VALUE,KEY=VALUE` (one build, two settings: `--env-b RENDER_THREADS=2`). */
    'env-a': { type: 'string', default: '' },
    'env-b': { type: 'string', default: '' },
    /** Node's own flags of one side only, space-separated (one build, two runtimes: `--node-b=--single-threaded-gc`). */
    'node-a': { type: 'string', default: '' },
    'node-b': { type: 'string', default: '' },
  },
});
if (!args.a || !args.b) throw new Error('--a DIR and --b DIR: two checkouts, each with its build/');
const checkouts = { A: path.resolve(args.a), B: path.resolve(args.b) };
for (const dir of Object.values(checkouts)) {
  if (!existsSync(path.join(dir, 'build/server.js'))) throw new Error(`${dir} has no build: run npm run build there`);
}

/**
 * Clock ticks of the process and all its threads, user and system (/proc/<pid>/stat fields 14 and 15). A server that
 * has died (a flag tried with `--node-b=` can crash V8 under load) is reported with what it printed.
 */
function cpuMs(server: RunningServer, side: string): number {
  if (!existsSync(`/proc/${server.pid}/stat`)) throw new Error(`${side} exited during the run:\n${server.output()}`);
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Field 14 of stat is the 12th after the command's closing parenthesis; the kernel's tick is 10 ms on Linux.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const isChosen = namesChosenBy(args.only);
const scenarios = allScenarios.filter((s) => isChosen(s.name));
if (scenarios.length === 0) throw new Error(`no scenario matches ${args.only}`);

// One database, seeded once by A, copied for each server so neither sees the other's writes.
const seeded = args['data-dir'] ?? mkdtempSync(path.join(os.tmpdir(), 'maranatha-ab-'));
const sideEnvironment = (setting: string): Record<string, string> =>
  Object.fromEntries(
    setting
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
const nodeFlags = (setting: string): string[] => setting.split(' ').filter(Boolean);
const environment = (dataDir: string, port: number, setting = '') => ({
  ...demoServerEnvironment(dataDir, port, args.size),
  ...sideEnvironment(setting),
});
await (await startBuiltServer(3995, environment(seeded, 3995), 30 * 60_000, [], checkouts.A)).stop();
const copies = { A: mkdtempSync(path.join(os.tmpdir(), 'maranatha-ab-a-')), B: '' };
copies.B = mkdtempSync(path.join(os.tmpdir(), 'maranatha-ab-b-'));
cpSync(seeded, copies.A, { recursive: true });
cpSync(seeded, copies.B, { recursive: true });

const settings = {
  A: { env: args['env-a'], node: args['node-a'] },
  B: { env: args['env-b'], node: args['node-b'] },
};
const startSide = (side: 'A' | 'B', port: number) =>
  startBuiltServer(
    port,
    environment(copies[side], port, settings[side].env),
    5 * 60_000,
    nodeFlags(settings[side].node),
    checkouts[side],
  );
const serverA = await startSide('A', 3993);
const serverB = await startSide('B', 3994).catch(async (error: unknown) => {
  // A left running would keep its port, and the next run would measure it instead of its own A.
  await serverA.stop();
  throw error;
});
const servers: Record<'A' | 'B', RunningServer> = { A: serverA, B: serverB };

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  cpuMsPerRequest: number;
  /** Answers other than 2xx: a side that ran out of what its preparation made answers fast and wrongly. */
  non2xx: number;
  /** Requests that asked a URL again (startedOverNote): the caches may have answered them. */
  startedOver: string;
}
const results = new Map<string, Record<'A' | 'B', Figures[]>>();

try {
  // One database: the same products for both sides.
  const contextOfA = await homePageContext(servers.A.baseURL, copies.A);
  const ctx = (side: 'A' | 'B'): BenchContext => ({
    ...contextOfA,
    baseURL: servers[side].baseURL,
    dataDir: copies[side],
  });
  // Both servers warmed alike: JIT, PGlite's buffers, the caches that survive distinct URLs.
  const cursors = new Map<string, number>();
  // What a scenario's preparation made on each side's own database (a cart and its cookie), once.
  const prepared = new Map<string, BenchRequest>();
  const load = async (side: 'A' | 'B', scenario: (typeof scenarios)[number], seconds: number) => {
    const key = `${scenario.name} ${side}`;
    const extra = prepared.get(key) ?? {};
    const paths = scenarioPaths(scenario, ctx(side), extra);
    const cursor = { next: cursors.get(key) ?? 0 };
    const from = cursor.next;
    const before = cpuMs(servers[side], side);
    const r = await autocannon({
      url: servers[side].baseURL,
      connections: Number(args.connections),
      duration: seconds,
      ...scenarioRequests(paths, extra, cursor),
    });
    cursors.set(key, cursor.next);
    return {
      p50: r.latency.p50,
      p99: r.latency.p99,
      rps: Math.round(r.requests.average),
      cpuMsPerRequest: (cpuMs(servers[side], side) - before) / Math.max(1, r.requests.total),
      non2xx: r.non2xx,
      startedOver: startedOverNote(scenario, paths.length, from, cursor.next),
    };
  };
  for (const scenario of scenarios) {
    for (const side of ['A', 'B'] as const) {
      const request = (await scenario.prepare?.(ctx(side))) ?? {};
      prepared.set(`${scenario.name} ${side}`, request);
      await load(side, scenario, 3);
    }
    results.set(scenario.name, { A: [], B: [] });
  }
  const rounds = Number(args.rounds);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
    for (const scenario of scenarios) {
      // Both sides measure the same URLs in a round: each side's cursor starts where the other's does.
      const start = Math.max(cursors.get(`${scenario.name} A`) ?? 0, cursors.get(`${scenario.name} B`) ?? 0);
      for (const side of order) {
        cursors.set(`${scenario.name} ${side}`, start);
        const f = await load(side, scenario, Number(args.seconds));
        results.get(scenario.name)?.[side].push(f);
        console.log(
          `round ${round + 1} ${side} ${scenario.name}: p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.rps} req/s, CPU ${f.cpuMsPerRequest.toFixed(2)} ms a request${f.non2xx ? `, ${f.non2xx} not 2xx` : ''}${f.startedOver ? `; ${f.startedOver}` : ''}`,
        );
      }
    }
  }
} finally {
  await Promise.all([servers.A.stop(), servers.B.stop()]);
  for (const dir of [copies.A, copies.B]) rmSync(dir, { recursive: true, force: true });
  if (!args['data-dir']) rmSync(seeded, { recursive: true, force: true });
}

const load = os.loadavg().map((l) => l.toFixed(2));
console.log(
  `\nA = ${checkouts.A} ${settings.A.env} ${settings.A.node}, B = ${checkouts.B} ${settings.B.env} ${settings.B.node}; ${os.cpus()[0]?.model}, load average ${load.join(' ')}`,
);
console.log('| scenario | figure | A (median) | B (median) | B better in |');
console.log('|---|---|---|---|---|');
for (const [name, sides] of results) {
  const rows: [string, (f: Figures) => number, boolean][] = [
    ['p99 ms', (f) => f.p99, false],
    ['p50 ms', (f) => f.p50, false],
    ['req/s', (f) => f.rps, true],
    ['CPU ms a request', (f) => f.cpuMsPerRequest, false],
  ];
  for (const [figure, of, higherIsBetter] of rows) {
    const a = sides.A.map(of);
    const b = sides.B.map(of);
    const better = b.filter((v, i) => (higherIsBetter ? v > a[i] : v < a[i])).length;
    const shown = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
    console.log(`| ${name} | ${figure} | ${shown(median(a))} | ${shown(median(b))} | ${better} of ${a.length} |`);
  }
}
