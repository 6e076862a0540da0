// `npm start`: builds when the build is missing or older than the sources, then starts the server,
// which migrates the database and loads the demo data when it is empty.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_ARGS, serverEnvironment } from './server-launch.mjs';

const stamp = 'build/server.js';
const inputs = ['src', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(stamp) && existsSync('build/server/index.js') ? statSync(stamp).mtimeMs : 0;
if (builtAt < Math.max(...inputs.map(newestMtime))) {
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const server = spawn(process.execPath, ['--enable-source-maps', ...SERVER_NODE_ARGS, stamp, ...process.argv.slice(2)], {
  env: serverEnvironment(process.env),
  stdio: 'inherit',
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
