// The bytes' ceiling of issue 14, goal 1: a bare Fastify route sending a page's bytes from memory, as
// they were stored (already compressed), with nothing else around it. Run by bench/run.ts in its own
// process: `node bench/ceiling-server.mjs <port> <dir>`, where <dir> holds one file per encoding and
// `headers.json`, the shop's own response headers: `/<encoding>` sends the body with a bare content
// type, `/<encoding>/same-headers` the same body with the shop's headers (the same bytes on the wire).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const [port, dir] = process.argv.slice(2);
const shopHeaders = JSON.parse(readFileSync(path.join(dir, 'headers.json'), 'utf8'));
const app = Fastify({ logger: false });
for (const file of readdirSync(dir).filter((f) => f !== 'headers.json')) {
  const body = readFileSync(path.join(dir, file));
  app.get(`/${file}`, (_req, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8');
    if (file !== 'identity') reply.header('content-encoding', file);
    reply.send(body);
  });
  app.get(`/${file}/same-headers`, (_req, reply) => {
    reply.headers(shopHeaders);
    if (file !== 'identity') reply.header('content-encoding', file);
    reply.send(body);
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
