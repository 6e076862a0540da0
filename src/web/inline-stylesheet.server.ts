import appStylesheet from './app.css?inline';
import type { DocumentEdit } from './document-edits.server';

/**
 * The shop's stylesheet written into a rendered document, whose `<style>` React rendered empty
 * (inline-stylesheet.tsx, decision 050). Given to React as text, its 47 KB were half of every document React
 * wrote: its chunk writer encoded them into its views, the Writable copied them, the chunks were joined again.
 * Here they are bytes encoded once, copied once into the document (document-edits.server.ts).
 */
const STYLESHEET: Buffer<ArrayBuffer> = Buffer.from(appStylesheet);
const STYLE_END = '></style>';

/** The exact empty element InlineStylesheet renders for this nonce. */
function emptyElement(nonce: string | undefined): Buffer {
  return Buffer.from(`<style${nonce ? ` nonce="${nonce}"` : ''}${STYLE_END}`);
}

/**
 * The edit that writes the stylesheet inside the empty `<style>` element InlineStylesheet rendered with `nonce`
 * (the response's style nonce, which nothing else on the page can carry); none for a document without it
 * (development's, which links the stylesheet).
 */
export function inlineStylesheetEdit(
  html: Buffer,
  nonce: string | undefined,
  stylesheet: Buffer<ArrayBuffer> = STYLESHEET,
): DocumentEdit[] {
  const element = emptyElement(nonce);
  const at = html.indexOf(element);
  return at === -1 ? [] : [[at + element.length - STYLE_END.length + 1, 0, stylesheet]];
}
