/**
 * The page's module preloads marked `fetchpriority="low"` (decision 030). React Router's `<Scripts>` writes a
 * `<link rel="modulepreload">` for the entry and each route chunk, and root.tsx one per message area; at the
 * default (high) priority they compete with the first screen's cover for a phone's bandwidth, and Lighthouse
 * counts every high-priority script that finished before the first paint as holding that paint back. The
 * page is server-rendered and its forms post without JavaScript, so the scripts can come second. `<Scripts>`
 * takes no attribute for its links, so the rendered document's bytes are edited: one scan, no decoding.
 */
const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW = Buffer.from(' fetchpriority="low"');
const TAG = '<link'.length;

export function withLowPriorityModulePreloads(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const parts: Buffer<ArrayBuffer>[] = [];
  let from = 0;
  for (let at = html.indexOf(PRELOAD); at !== -1; at = html.indexOf(PRELOAD, at + PRELOAD.length)) {
    parts.push(html.subarray(from, at + TAG), LOW);
    from = at + TAG;
  }
  if (!parts.length) return html;
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
