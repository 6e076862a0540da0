/** Query-string names of the facets (contracts/listing.ts reads them). */
export const FACET_KEYS = [
  'author',
  'publisher',
  'binding',
  'language',
  'translation',
  'min_price',
  'max_price',
  'in_stock',
  'on_sale',
] as const;

/**
 * "?…" for the current query with `changes` applied (null removes a key, an array sets every value).
 * Changing what is listed sends the shopper back to the first page, so `page` and `limit` go unless kept.
 */
export function hrefWith(
  search: URLSearchParams,
  changes: Record<string, string | string[] | null>,
  { keepPosition = false }: { keepPosition?: boolean } = {},
): string {
  const next = new URLSearchParams(search);
  if (!keepPosition) {
    next.delete('page');
    next.delete('limit');
  }
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    for (const v of value === null ? [] : Array.isArray(value) ? value : [value]) next.append(key, v);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** The query without one value of a multi-valued key. */
export function hrefWithout(search: URLSearchParams, key: string, value: string): string {
  return hrefWith(search, { [key]: search.getAll(key).filter((v) => v !== value) });
}

export function hasFacetFilters(search: URLSearchParams): boolean {
  return FACET_KEYS.some((key) => search.getAll(key).some((v) => v.trim() !== ''));
}
