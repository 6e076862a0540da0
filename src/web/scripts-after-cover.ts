/**
 * The page's scripts are requested once the first screen's cover is painted (decision 047, after 030).
 *
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` for the entry and each route chunk (root.tsx
 * one per message area) and an inline `<script type="module">` whose imports fetch the rest; the browser asks
 * for all of them while the document is parsed, beside the cover. On a phone's link they share its bandwidth,
 * and Lighthouse charges every request that finished before the largest paint to that paint. The page is
 * rendered on the server, its stylesheet is in the document (029) and its forms post without JavaScript, so
 * the scripts can wait for the cover: `withScriptsAfterTheCover` (scripts-after-cover.server.ts) makes them inert in the rendered bytes (one
 * scan, no decoding; `<Scripts>` takes no attribute for its tags), and `SCRIPTS_AFTER_COVER`, the last script
 * of the body, turns them back on after the frame that paints the cover (`fetchpriority="high"`), or at once
 * when the page has none, it is already painted or the tab is hidden (no frames there).
 *
 * The module script is written again as a new element with the same text, so the same nonce, or on a cached
 * page the same hash (server/html-cache.ts hashes every inline script that carried the nonce), allows it.
 *
 * A fixed string of ours, not data (like zod-jitless.ts): it carries the nonce, or its hash on cached pages.
 * ES5 and no dependencies: it runs before any module.
 */
export const SCRIPTS_AFTER_COVER = `(function(){var started=false;
function start(){if(started)return;started=true;
document.querySelectorAll('link[data-after-cover]').forEach(function(l){l.rel=l.getAttribute('data-after-cover');});
document.querySelectorAll('script[type="x-after-cover"]').forEach(function(s){var m=document.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;document.body.appendChild(m);});}
function afterPaint(){if(document.visibilityState==='hidden')start();else requestAnimationFrame(function(){setTimeout(start,0);});}
var cover=document.querySelector('img[fetchpriority="high"]');
if(!cover||cover.complete)afterPaint();else{cover.addEventListener('load',afterPaint);cover.addEventListener('error',afterPaint);}
document.addEventListener('visibilitychange',function(){if(document.visibilityState==='hidden')start();});})();`;
