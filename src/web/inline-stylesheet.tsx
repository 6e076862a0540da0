import { createContext, useContext } from 'react';

/**
 * The shop's stylesheet as text, given to the server render by entry.server (`app.css?inline`); the
 * browser never holds it apart, so no page's JavaScript carries it.
 */
const StylesheetContext = createContext<string | undefined>(undefined);
export const StylesheetProvider = StylesheetContext.Provider;

/**
 * Issue 14 goal 3: a `<link rel="stylesheet">` held the first paint until its own request came back, and
 * on a phone's connection that request queued behind the page's scripts (Lighthouse: 160–190 ms
 * render-blocking, first paint at 2.1–2.4 s). The stylesheet (9 KB compressed) is written into the head
 * instead. Its `nonce` allows it on a rendered page; a cached page's CSP carries its hash (decision 018).
 * The browser renders it empty and keeps the server's text: React leaves `dangerouslySetInnerHTML` of a
 * hydrated element as it found it, and the same empty value on later renders changes nothing.
 * In development Vite serves the stylesheet as a link (root.tsx `links`), which it updates on each edit.
 */
export function InlineStylesheet({ nonce }: { nonce: string | undefined }) {
  const text = useContext(StylesheetContext);
  if (import.meta.env.DEV) return null;
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: text ?? '' }} suppressHydrationWarning />;
}
