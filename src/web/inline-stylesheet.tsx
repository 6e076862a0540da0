/**
 * Issue 14 goal 3: a `<link rel="stylesheet">` held the first paint until its own request came back, and
 * on a phone's connection that request queued behind the page's scripts (Lighthouse: 160–190 ms
 * render-blocking, first paint at 2.1–2.4 s). The stylesheet (9 KB compressed) is written into the head
 * instead. Its `nonce` allows it on a rendered page; a cached page's CSP carries its hash (decision 018).
 *
 * React renders the element empty, on the server as in the browser: entry.server.tsx writes the stylesheet's
 * bytes into the rendered document (`inlineStylesheetEdit`, decision 050), so React never carries its 47 KB
 * and no page's JavaScript holds it. The browser keeps the server's text: React leaves `dangerouslySetInnerHTML`
 * of a hydrated element as it found it, and the same empty value on later renders changes nothing.
 * In development Vite serves the stylesheet as a link (root.tsx `links`), which it updates on each edit.
 */
export function InlineStylesheet({ nonce }: { nonce: string | undefined }) {
  if (import.meta.env.DEV) return null;
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
}
