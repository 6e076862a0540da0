import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';
import { type CacheRegistry, productIdOf } from '../cache/registry';
import { type FacetColumnArrays, FacetColumns, membership, type ProductFacets } from './facet-columns';
import { LexemeIndex } from './lexeme-index';

/** How long the table is answered without asking the database what changed (another program's writes). */
const FRESH_MS = 60_000;
/**
 * The rows changed this long before the last look are read again too: a transaction's rows carry the time
 * they were written (the trigger of migration 0020), and it may commit after the reader looked. The shop's
 * transactions last milliseconds.
 */
const CHANGE_MARGIN = '10 seconds';

/**
 * Rows read per statement: PGlite runs one statement at a time, so a whole read (20,000 products with their
 * lexemes, about a second) would hold every request behind it; slices of this size hold them ~10 ms each.
 */
const SLICE = 250;

/** A product's facet values as the database gives them: JSON arrays, which parse many times faster than rows. */
type ProductFacetValues = [
  id: number,
  categoryId: number,
  productType: string,
  authors: string[] | null,
  publisher: string | null,
  binding: string | null,
  language: string | null,
  translation: string | null,
  price: number,
  available: boolean,
  onSale: boolean,
  archived: boolean,
  salesCount: number,
  lexemes: string[] | null,
];

const productFacets = ([
  id,
  categoryId,
  productType,
  authors,
  publisher,
  binding,
  language,
  translation,
  price,
  available,
  onSale,
  ,
  salesCount,
]: ProductFacetValues): ProductFacets => ({
  id,
  categoryId,
  productType,
  authors: authors ?? [],
  publisher,
  binding,
  language,
  translation,
  price,
  available,
  onSale,
  salesCount,
});

/** Puts a product's values in the table, or takes it out when it is archived. */
function keep(into: FacetRows, values: ProductFacetValues): void {
  if (values[11]) into.delete(values[0]);
  else into.set(productFacets(values), values[13] ?? []);
}

/** The facet values of the products `where` selects, ordered by id, at most `limit`. */
async function readValues(db: Db, where: SQL, limit: number): Promise<ProductFacetValues[]> {
  const [row] = await queryRows<{ values: string | null }>(
    db,
    sql`select json_agg(json_build_array(id, category_id, product_type, authors, publisher, binding, language,
        bible_translation, effective_price, is_available, on_sale, archived_at is not null, sales_count, tsvector_to_array(search_vector)) order by id)::text as values
      from (select * from products where ${where} order by id limit ${limit}) p`,
  );
  return row?.values ? (JSON.parse(row.values) as ProductFacetValues[]) : [];
}

function pushTo<K>(index: Map<K, number[]>, key: K, id: number): void {
  const ids = index.get(key);
  if (ids) ids.push(id);
  else index.set(key, [id]);
}

function removeFrom<K>(index: Map<K, number[]>, key: K, id: number): void {
  const ids = index.get(key) ?? [];
  const at = ids.indexOf(id);
  if (at >= 0) ids.splice(at, 1);
  if (!ids.length) index.delete(key);
}

/** The orders a list is paged in from the table: the listing's SQL orders of the same names (listing.ts). */
export type TableOrder = 'sales' | 'price-asc' | 'price-desc';

/** What a list pages through: every product (null), the products of some categories, or given ids (a search's matches). */
export type ListScope = { categoryIds: readonly number[] } | { ids: readonly number[] } | null;

type Compare = (a: number, b: number) => number;

/** The orders of ids by the columns as they are now; `sales` is every best-seller list's (then the newest). */
function comparators({ salesCount, price }: FacetColumnArrays): Record<TableOrder, Compare> {
  return {
    sales: (a, b) => salesCount[b] - salesCount[a] || b - a,
    'price-asc': (a, b) => price[a] - price[b] || a - b,
    'price-desc': (a, b) => price[b] - price[a] || b - a,
  };
}

/** The `count` best sellers of `ids` not in `skip`, each once, in one pass (an author has thousands). */
function bestSellers(ids: readonly number[], count: number, skip: ReadonlySet<number>, bySales: Compare): number[] {
  const top: number[] = [];
  if (count <= 0) return top;
  for (const id of ids) {
    if (skip.has(id) || top.includes(id)) continue;
    if (top.length === count && bySales(id, top[count - 1]) >= 0) continue;
    let at = top.length;
    while (at > 0 && bySales(id, top[at - 1]) < 0) at--;
    top.splice(at, 0, id);
    if (top.length > count) top.pop();
  }
  return top;
}

/** Every listed product's facet values (in columns), its search lexemes, and its ids by category and by author. */
export class FacetRows {
  readonly columns = new FacetColumns();
  /** The lexemes of their search vectors: what a search's words match (decision 028). */
  readonly lexemes = new LexemeIndex();
  private readonly byCategory = new Map<number, number[]>();
  /** The products of each author (the dictionary's numbers): a product page's related products. */
  private readonly byAuthor = new Map<number, number[]>();
  /**
   * Kept orders of ids: best sellers first (then the highest id), and cheapest first (then the lowest id; read
   * backwards for the dearest first), of every product (key '') and of each set of categories a list asked for
   * (key: their ids). An order is dropped when a product's key in it changes or the products it holds change.
   */
  private readonly orders = { sales: new Map<string, number[]>(), price: new Map<string, number[]>() };

  /** Adds or replaces a product. */
  set(product: ProductFacets, lexemes: readonly string[]): void {
    const { id } = product;
    const { categoryId, salesCount, price } = this.columns.arrays;
    const moved = !this.columns.has(id) || categoryId[id] !== product.categoryId;
    if (moved || salesCount[id] !== product.salesCount) this.orders.sales.clear();
    if (moved || price[id] !== product.price) this.orders.price.clear();
    this.forget(id);
    this.columns.set(product);
    this.lexemes.set(id, lexemes);
    pushTo(this.byCategory, product.categoryId, id);
    for (const author of this.columns.authorsOf(id)) pushTo(this.byAuthor, author, id);
  }

  delete(id: number): void {
    this.forget(id);
    this.lexemes.delete(id);
  }

  /** Takes a product out of everything but the lexemes, which `lexemes.set` replaces only when they changed. */
  private forget(id: number): void {
    if (!this.columns.has(id)) return;
    removeFrom(this.byCategory, this.columns.arrays.categoryId[id], id);
    for (const author of this.columns.authorsOf(id)) removeFrom(this.byAuthor, author, id);
    this.columns.delete(id);
  }

  /**
   * A product page's related products: its authors' other products, best sellers first; when they are
   * fewer than `count`, the best sellers of its category complete them. Empty for a product not listed.
   */
  related(id: number, count: number): number[] {
    if (!this.columns.has(id)) return [];
    const bySales = comparators(this.columns.arrays).sales;
    const seen = new Set([id]);
    const byAuthor = bestSellers(
      this.columns.authorsOf(id).flatMap((author) => this.byAuthor.get(author) ?? []),
      count,
      seen,
      bySales,
    );
    for (const other of byAuthor) seen.add(other);
    const sameCategory =
      byAuthor.length < count
        ? bestSellers(
            this.byCategory.get(this.columns.arrays.categoryId[id]) ?? [],
            count - byAuthor.length,
            seen,
            bySales,
          )
        : [];
    return [...byAuthor, ...sameCategory];
  }

  /**
   * The ids of a page of a list: the products of `scope` that `accept` takes, in `order`, `count` of them from
   * `offset`, walking a kept order until the page is full. A search's few matches are sorted instead.
   */
  slice(order: TableOrder, scope: ListScope, accept: (id: number) => boolean, offset: number, count: number): number[] {
    let wanted: Uint8Array | null = null;
    if (scope && 'ids' in scope) {
      if (scope.ids.length * 16 < this.columns.size) {
        return scope.ids
          .filter((id) => this.columns.has(id) && accept(id))
          .sort(comparators(this.columns.arrays)[order])
          .slice(offset, offset + count);
      }
      wanted = membership(scope.ids, this.columns.maxId + 1);
    }
    const ids = this.keptOrder(order, scope && 'categoryIds' in scope ? scope.categoryIds : null);
    const backwards = order === 'price-desc';
    const out: number[] = [];
    let skipped = 0;
    for (let i = 0; i < ids.length && out.length < count; i++) {
      const id = ids[backwards ? ids.length - 1 - i : i];
      // A kept order may hold products deleted since it was sorted.
      if ((wanted && !wanted[id]) || !this.columns.has(id) || !accept(id)) continue;
      if (skipped < offset) skipped++;
      else out.push(id);
    }
    return out;
  }

  private keptOrder(order: TableOrder, categoryIds: readonly number[] | null): readonly number[] {
    const kind = order === 'sales' ? 'sales' : 'price';
    const key = categoryIds?.join(',') ?? '';
    let ids = this.orders[kind].get(key);
    if (!ids) {
      ids = this.in(categoryIds).sort(comparators(this.columns.arrays)[kind === 'sales' ? 'sales' : 'price-asc']);
      this.orders[kind].set(key, ids);
    }
    return ids;
  }

  /** The ids of the products of these categories, or of every product (a new array: the caller may sort it). */
  in(categoryIds: readonly number[] | null): number[] {
    if (!categoryIds) return this.columns.ids();
    const ids: number[] = [];
    for (const category of categoryIds) for (const id of this.byCategory.get(category) ?? []) ids.push(id);
    return ids;
  }
}

/**
 * What every listed (not archived) product is counted by in the facets, held in memory: counting a
 * search's 10,000 matches here takes a few milliseconds, where the database held its one PGlite thread
 * for tens of them (docs/decisions/028). A write to one product (an order's stock, a staff edit) reads
 * that product's row again; a write to many reads the table again; the shop's other processes hear of
 * both through the cache registry's relay; every FRESH_MS the rows changed since the last look are read
 * again in the background, so another program's writes show too. `now` is for tests.
 */
export function createFacetTable(db: Db, caches: CacheRegistry, now: () => number = Date.now) {
  let table: FacetRows | null = null;
  let lookedAt = 0;
  /** The database's clock when the table last looked for changes. */
  let lookedFrom = '';
  let reading: Promise<FacetRows> | null = null;
  let catchingUp: Promise<void> | null = null;
  /** Products written since the table was read: read again before the next count. */
  const changed = new Set<number>();
  /** Products written while a whole read was under way: it may hold their old rows. */
  let writtenDuringRead: Set<number> | null = null;
  let patching: Promise<void> | null = null;
  /** Bumped when every product may have changed: a read begun before it may hold old rows. */
  let generation = 0;

  caches.register('listing.facetTable', ['products'], (tags) => {
    const ids = tags.map(productIdOf);
    if (ids.some((id) => id === null)) {
      generation++;
      table = null;
      reading = null;
      changed.clear();
      return;
    }
    for (const id of ids) {
      if (id === null) continue;
      changed.add(id);
      writtenDuringRead?.add(id);
    }
  });

  const databaseNow = async () =>
    (await queryRows<{ now: string }>(db, sql`select clock_timestamp()::text as now`))[0].now;

  /** Reads the products `where` selects, SLICE rows a statement, into `into`. */
  async function readSlices(into: FacetRows, where: SQL): Promise<void> {
    for (let after = 0; ; ) {
      const slice = await readValues(db, sql`${where} and id > ${after}`, SLICE);
      for (const values of slice) keep(into, values);
      if (slice.length < SLICE) return;
      after = slice[slice.length - 1][0];
    }
  }

  async function readAll(): Promise<FacetRows> {
    const startedIn = generation;
    const written = new Set<number>();
    writtenDuringRead = written;
    try {
      const read = new FacetRows();
      const from = await databaseNow();
      await readSlices(read, sql`archived_at is null`);
      for (const id of written) changed.add(id);
      if (startedIn === generation) {
        table = read;
        lookedAt = now();
        lookedFrom = from;
      }
      return read;
    } finally {
      if (writtenDuringRead === written) writtenDuringRead = null;
    }
  }

  /** Reads the rows changed since the last look (and CHANGE_MARGIN before), one look at a time. */
  function catchUp(into: FacetRows): Promise<void> {
    catchingUp ??= (async () => {
      const from = await databaseNow();
      await readSlices(into, sql`changed_at > ${lookedFrom}::timestamptz - ${CHANGE_MARGIN}::interval`);
      if (table === into) {
        lookedAt = now();
        lookedFrom = from;
      }
    })().finally(() => {
      catchingUp = null;
    });
    return catchingUp;
  }

  function readShared(): Promise<FacetRows> {
    if (!reading) {
      const current = readAll();
      reading = current;
      const done = () => {
        if (reading === current) reading = null;
      };
      current.then(done, done);
    }
    return reading;
  }

  async function readChanged(into: FacetRows): Promise<void> {
    const ids = [...changed];
    changed.clear();
    const rows = await readValues(db, sql`id = any(${`{${ids.join(',')}}`}::int[])`, ids.length).catch(
      (error: unknown) => {
        for (const id of ids) changed.add(id);
        throw error;
      },
    );
    // A product no longer in the table goes; the others are replaced (`keep`), their lexemes only when changed.
    const found = new Set(rows.map((values) => values[0]));
    for (const id of ids) if (!found.has(id)) into.delete(id);
    for (const values of rows) keep(into, values);
  }

  /** Reads the written products again, once for every caller waiting on them. */
  async function patch(into: FacetRows): Promise<void> {
    if (patching) await patching;
    if (!changed.size) return;
    patching ??= readChanged(into).finally(() => {
      patching = null;
    });
    await patching;
  }

  return {
    /** Every listed product's facet row. */
    async rows(): Promise<FacetRows> {
      let current = table;
      if (!current) current = await readShared();
      // In the background: after a bulk change by a script it may read many slices, which no list waits for.
      else if (now() - lookedAt >= FRESH_MS) void catchUp(current).catch(() => {});
      if (changed.size || patching) await patch(current);
      return current;
    },
  };
}

export type FacetTable = ReturnType<typeof createFacetTable>;
