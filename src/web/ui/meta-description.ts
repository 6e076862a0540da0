/** Tags that start a new line of text; every other tag (strong, em, a…) sits inside a sentence. */
const BLOCK_TAG = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|section|article|tr|td|th|table)\b[^>]*>/gi;
const ANY_TAG = /<[^>]*>/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * A page's meta description from stored HTML: the text as a reader sees it ("<strong>Title</strong>. Un…"
 * gives "Title. Un…", not "Title . Un…"), cut at a word boundary within `max` characters, with "…" when cut.
 */
export function metaDescription(html: string, max = 158): string {
  const text = html
    .replace(BLOCK_TAG, ' ')
    .replace(ANY_TAG, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
