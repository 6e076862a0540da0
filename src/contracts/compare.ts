/** SPEC §2: the compare list lives in the browser's storage under this key. */
export const COMPARE_STORAGE_KEY = 'compare_products';

export interface CompareItem {
  id: number;
  slug: string;
  title: string;
}

/**
 * Checked by hand, not with zod: the header of every page reads the list, and zod would add ~26 KB
 * gzip to every page's JavaScript (issue 14).
 */
function toCompareItem(entry: unknown): CompareItem | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { id, slug, title } = entry as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  if (typeof slug !== 'string' || typeof title !== 'string') return null;
  return { id, slug, title };
}

/** Whatever is stored, only well-formed entries, each product once. */
export function parseCompareList(stored: string | null): CompareItem[] {
  let raw: unknown;
  try {
    raw = JSON.parse(stored ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const seen = new Set<number>();
  return raw.flatMap((entry) => {
    const item = toCompareItem(entry);
    if (!item || seen.has(item.id)) return [];
    seen.add(item.id);
    return [item];
  });
}

/** SPEC §4: adding a product already in the list removes it; otherwise it is added at the end. */
export function toggleCompare(
  list: CompareItem[],
  item: CompareItem,
): { list: CompareItem[]; action: 'added' | 'removed' } {
  return list.some((p) => p.id === item.id)
    ? { list: list.filter((p) => p.id !== item.id), action: 'removed' }
    : { list: [...list, item], action: 'added' };
}
