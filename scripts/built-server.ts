import { spawn } from 'node:child_process';
import { SERVER_NODE_ARGS, serverEnvironment } from './server-launch.mjs';

export interface RunningServer {
  baseURL: string;
  pid: number;
  /** What the server printed so far (for error messages). */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `build/server.js` on 127.0.0.1:port with extra environment, and waits until /readyz answers. */
export async function startBuiltServer(
  port: number,
  env: Record<string, string>,
  readyWithinMs: number,
  /** Node options before the script, e.g. `--cpu-prof` (bench/profile.ts). */
  nodeArgs: string[] = [],
  /** The checkout whose `build/` runs (bench/ab.ts starts two builds side by side); this one by default. */
  cwd: string = process.cwd(),
): Promise<RunningServer> {
  const baseURL = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, 'build/server.js'], {
    // As `npm start` runs it (scripts/server-launch.mjs): the same memory settings.
    env: serverEnvironment({ ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd,
  });
  server.stdout?.on('data', (d) => (log += d));
  server.stderr?.on('data', (d) => (log += d));
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The shop exited early:\n${log}`);
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok) return { baseURL, pid: server.pid ?? 0, output: () => log, stop };
    } catch {
      // not listening yet: migrating, loading demo data
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`The shop was not ready within ${readyWithinMs / 1000} s:\n${log}`);
}
