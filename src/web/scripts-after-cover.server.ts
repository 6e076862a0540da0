/** The rendered page's scripts made inert until the cover is painted (scripts-after-cover.ts, decision 047). */
const PRELOAD = Buffer.from('<link rel="modulepreload"');
const INERT_PRELOAD = Buffer.from('<link data-after-cover="modulepreload"');
const MODULE = Buffer.from(' type="module" async=""');
const INERT_MODULE = Buffer.from(' type="x-after-cover"');

export function withScriptsAfterTheCover(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const edits: [at: number, from: Buffer, to: Buffer][] = [];
  for (const [from, to] of [
    [PRELOAD, INERT_PRELOAD],
    [MODULE, INERT_MODULE],
  ] as const) {
    for (let at = html.indexOf(from); at !== -1; at = html.indexOf(from, at + from.length)) edits.push([at, from, to]);
  }
  if (!edits.length) return html;
  edits.sort((a, b) => a[0] - b[0]);
  const parts: Buffer<ArrayBuffer>[] = [];
  let done = 0;
  for (const [at, from, to] of edits) {
    parts.push(html.subarray(done, at), to);
    done = at + from.length;
  }
  parts.push(html.subarray(done));
  return Buffer.concat(parts);
}
