import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** The environment of a start on the embedded database in a fresh DATA_DIR (the PostgreSQL URL of CI left out). */
function embeddedEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...extra };
  delete env.DATABASE_URL;
  return env;
}

const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'maranatha-prepare-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface LogLine {
  pid: number;
  msg: string;
  demoDataLoaded?: boolean;
}

/**
 * Starts the shop from its sources on a free port (in development mode, which needs no build: integration tests
 * run before it) and collects its log lines until "shop started", then stops it.
 */
async function startUntilStarted(env: NodeJS.ProcessEnv): Promise<{ lines: LogLine[]; serverPid: number }> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/bootstrap.ts', '--dev'], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let errors = '';
  server.stderr.on('data', (d) => (errors += d));
  try {
    await new Promise<void>((resolve, reject) => {
      let pending = '';
      server.stdout.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        const complete = pending.split('\n');
        pending = complete.pop() ?? '';
        for (const text of complete) {
          if (!text.startsWith('{')) continue;
          const line = JSON.parse(text) as LogLine;
          lines.push(line);
          if (line.msg === 'shop started') resolve();
        }
      });
      server.once('exit', (code) => reject(new Error(`The shop exited (${code}) before it started: ${errors}`)));
    });
    return { lines, serverPid: server.pid ?? 0 };
  } finally {
    server.kill('SIGTERM');
  }
}

describe('database preparation at start (decision 020)', () => {
  it('migrates and loads the demo and address data in a child process, which has ended when the shop serves', async () => {
    const first = await startUntilStarted(embeddedEnv(tmp(), { DEMO_PRODUCTS: '30' }));
    const started = first.lines.find((l) => l.msg === 'shop started');
    const prepared = first.lines.find((l) => l.msg === 'database prepared');
    expect(started?.pid).toBe(first.serverPid);
    expect(started?.demoDataLoaded).toBe(true);
    expect(prepared?.demoDataLoaded).toBe(true);
    expect(prepared?.pid).not.toBe(first.serverPid);
    // The child is gone: a process that still held the database would keep PGlite's memory (and its lock).
    expect(() => process.kill(prepared?.pid ?? 0, 0)).toThrow();
  });

  it('stops the start with the child exit code and one line when the embedded database is unusable', () => {
    const dataDir = tmp();
    mkdirSync(path.join(dataDir, 'pglite'));
    writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 'not a database\n');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/bootstrap.ts'], {
      env: embeddedEnv(dataDir),
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `Invalid configuration: DATA_DIR holds no usable database in ${path.join(dataDir, 'pglite')} (PGlite failed to initialize properly)`,
    ]);
  });
});
