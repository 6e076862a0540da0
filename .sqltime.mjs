// node --import /tmp/sqltime.mjs build/server.js : times PGlite's execProtocol per statement (kept statements by name)
import { PGlite } from '@electric-sql/pglite';
const texts = new Map(); const stats = new Map();
const cstr = (buf, at) => { let end = at; while (buf[end] !== 0) end++; return [Buffer.from(buf.subarray(at, end)).toString('utf8'), end + 1]; };
function describe(msg) {
  if (msg[0] === 0x50) { // Parse
    const [name, a] = cstr(msg, 5); const [text] = cstr(msg, a); if (name) texts.set(name, text); return 'parse:' + (name ? text : text);
  }
  if (msg[0] === 0x42) { const [, a] = cstr(msg, 5); const [stmt] = cstr(msg, a); return texts.get(stmt) ?? ('unnamed:' + stmt); }
  if (msg[0] === 0x51) { const [q] = cstr(msg, 5); return 'simple:' + q; }
  return 'other:' + String.fromCharCode(msg[0]);
}
for (const m of ['execProtocol', 'execProtocolStream']) {
  const orig = PGlite.prototype[m];
  PGlite.prototype[m] = async function (msg, opts) {
    const key = describe(msg).replace(/\s+/g, ' ').slice(0, 140);
    const t = performance.now();
    try { return await orig.call(this, msg, opts); } finally {
      const s = stats.get(key) ?? [0, 0]; s[0]++; s[1] += performance.now() - t; stats.set(key, s);
    }
  };
}
process.on('SIGUSR2', () => {
  const rows = [...stats].sort((a, b) => b[1][1] - a[1][1]).slice(0, 25);
  for (const [k, [n, ms]] of rows) process.stderr.write(`${String(n).padStart(7)} ${ms.toFixed(0).padStart(7)} ms ${(ms / n).toFixed(3)} ${k}\n`);
  stats.clear();
});
