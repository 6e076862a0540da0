import type { Language } from '../../contracts/preferences';
import type { Db } from '../../db/client';
import { type CategoryRow, categories } from '../../db/schema';
import type { CacheRegistry } from '../cache/registry';

export interface CategoryTree {
  bySlug: Map<string, CategoryRow>;
  byId: Map<number, CategoryRow>;
  /** Children in menu order; key null = the top level. */
  children: Map<number | null, CategoryRow[]>;
}

export function categoryName(category: CategoryRow, lang: Language): string {
  return lang === 'en' ? category.nameEn : category.name;
}

/** The category and everything below it. */
export function subtreeIds(tree: CategoryTree, id: number): number[] {
  const ids = [id];
  for (let i = 0; i < ids.length; i++) for (const child of tree.children.get(ids[i]) ?? []) ids.push(child.id);
  return ids;
}

/** From the top level down to the category itself. */
export function ancestry(tree: CategoryTree, id: number): CategoryRow[] {
  const path: CategoryRow[] = [];
  for (let c = tree.byId.get(id); c; c = c.parentId === null ? undefined : tree.byId.get(c.parentId)) path.unshift(c);
  return path;
}

/** The category tree, read once and kept until a category changes: categories change rarely and are few. */
export function createCategoryDirectory(db: Db, caches: CacheRegistry) {
  const cache = caches.ttlCache<CategoryTree>('categories.tree', ['categories'], {
    max: 1,
    ttlMs: Number.POSITIVE_INFINITY,
  });
  const load = async (): Promise<CategoryTree> => {
    const rows = await db.select().from(categories).orderBy(categories.position, categories.id);
    const children = new Map<number | null, CategoryRow[]>();
    for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
    return { bySlug: new Map(rows.map((r) => [r.slug, r])), byId: new Map(rows.map((r) => [r.id, r])), children };
  };
  return {
    tree: (): Promise<CategoryTree> => cache.get('tree', load),
  };
}

export type CategoryDirectory = ReturnType<typeof createCategoryDirectory>;
