import type { DocumentEdit } from './document-edits.server';

/**
 * The page's scripts are requested once the first screen's cover is painted (decision 047, after 030).
 *
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` for the entry and each route chunk (root.tsx
 * one per message area) and an inline `<script type="module">` whose imports fetch the rest; the browser asks
 * for all of them while the document is parsed, beside the cover. On a phone's link they share its bandwidth,
 * and Lighthouse charges every request that finished before the largest paint to that paint. The page is
 * rendered on the server, its stylesheet is in the document (029) and its forms post without JavaScript, so
 * the scripts can wait for the cover: `scriptsAfterTheCoverEdits` makes them inert in the rendered bytes (one scan,
 * no decoding; `<Scripts>` takes no attribute for its tags) and writes one more script last in the body, which
 * turns them back on after the frame that paints the cover (`fetchpriority="high"`), or at once
 * when the page has none, it is already painted or the tab is hidden (no frames there).
 *
 * The module script is written again as a new element with the same text, so the same nonce, or on a cached
 * page the same hash (server/html-cache.ts hashes every inline script that carried the nonce), allows it.
 * The last script is a fixed string of ours, not data (like zod-jitless.ts), with the response's nonce, or its hash
 * on cached pages; ES5, as it runs before any module. It is written here and not by root.tsx so that no page's
 * JavaScript carries its text; React 19 passes over a tag it did not render while hydrating `<body>`.
 */
const SCRIPTS_AFTER_COVER = `(function(){var started=false;
function start(){if(started)return;started=true;
document.querySelectorAll('link[data-after-cover]').forEach(function(l){l.rel=l.getAttribute('data-after-cover');});
document.querySelectorAll('script[type="x-after-cover"]').forEach(function(s){var m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;document.body.appendChild(m);});}
function afterPaint(){if(document.visibilityState==='hidden')start();else requestAnimationFrame(function(){setTimeout(start,0);});}
var cover=document.querySelector('img[fetchpriority="high"]');
if(!cover||cover.complete)afterPaint();else{cover.addEventListener('load',afterPaint);cover.addEventListener('error',afterPaint);}
document.addEventListener('visibilitychange',function(){if(document.visibilityState==='hidden')start();});})();`;

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const INERT_PRELOAD = Buffer.from('<link data-after-cover="modulepreload"');
const MODULE = Buffer.from(' type="module" async=""');
const INERT_MODULE = Buffer.from(' type="x-after-cover"');
const BODY_END = Buffer.from('</body>');

/** The edits that make the document's scripts inert and write, last in its body, the script that requests them. */
export function scriptsAfterTheCoverEdits(html: Buffer, nonce: string | undefined): DocumentEdit[] {
  const edits: DocumentEdit[] = [];
  for (const [from, to] of [
    [PRELOAD, INERT_PRELOAD],
    [MODULE, INERT_MODULE],
  ] as const) {
    for (let at = html.indexOf(from); at !== -1; at = html.indexOf(from, at + from.length)) {
      edits.push([at, from.length, to]);
    }
  }
  const bodyEnd = html.lastIndexOf(BODY_END);
  if (!edits.length || bodyEnd === -1) return [];
  edits.push([bodyEnd, 0, Buffer.from(`<script${nonce ? ` nonce="${nonce}"` : ''}>${SCRIPTS_AFTER_COVER}</script>`)]);
  return edits;
}
