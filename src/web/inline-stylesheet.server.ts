import appStylesheet from './app.css?inline';

/**
 * The shop's stylesheet written into a rendered document, whose `<style>` React rendered empty
 * (inline-stylesheet.tsx, decision 050). Given to React as text, its 47 KB were half of every document React
 * wrote: its chunk writer encoded them into its views, the Writable copied them, the chunks were joined again.
 * Here they are bytes encoded once, copied once into the document.
 */
const STYLESHEET: Buffer<ArrayBuffer> = Buffer.from(appStylesheet);
const STYLE_END = '></style>';

/** The exact empty element InlineStylesheet renders for this nonce. */
function emptyElement(nonce: string | undefined): Buffer {
  return Buffer.from(`<style${nonce ? ` nonce="${nonce}"` : ''}${STYLE_END}`);
}

/**
 * The document with the stylesheet inside the empty `<style>` element InlineStylesheet rendered with `nonce`
 * (the response's style nonce, which nothing else on the page can carry); a document without it (development's,
 * which links the stylesheet) is returned as it is.
 */
export function withInlineStylesheet(
  html: Buffer<ArrayBuffer>,
  nonce: string | undefined,
  stylesheet: Buffer<ArrayBuffer> = STYLESHEET,
): Buffer<ArrayBuffer> {
  const element = emptyElement(nonce);
  const at = html.indexOf(element);
  if (at === -1) return html;
  const textAt = at + element.length - STYLE_END.length + 1;
  return Buffer.concat([html.subarray(0, textAt), stylesheet, html.subarray(textAt)]);
}
