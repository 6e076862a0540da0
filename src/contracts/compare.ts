import { z } from 'zod';

/** SPEC §2: the compare list lives in the browser's storage under this key. */
export const COMPARE_STORAGE_KEY = 'compare_products';

export const compareItemSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  title: z.string(),
});
export type CompareItem = z.infer<typeof compareItemSchema>;

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
    const item = compareItemSchema.safeParse(entry);
    if (!item.success || seen.has(item.data.id)) return [];
    seen.add(item.data.id);
    return [item.data];
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
