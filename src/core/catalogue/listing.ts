import { and, asc, desc, eq, inArray, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { ProductCard } from '../../contracts/catalogue';
import { AppError } from '../../contracts/errors';
import {
  type CategoryFacet,
  type FacetCount,
  type ListingFacets,
  type ListingFilters,
  NEW_ADDED_COUNT,
  PRICE_RANGES_LEI,
  type SearchSuggestions,
  type SortKey,
} from '../../contracts/listing';
import { lastBanOfLei, leiToBani } from '../../contracts/money';
import type { Language } from '../../contracts/preferences';
import type { Db } from '../../db/client';
import { type DbOrTx, withTransaction } from '../../db/transaction';
import type { CacheDependency, CacheRegistry } from '../cache/registry';
import { queryRows } from '../../db/raw';
import { products } from '../../db/schema';
import { type CategoryDirectory, type CategoryTree, categoryName, subtreeIds } from './category-directory';
import type { ValueFacet } from './facet-columns';
import { countFacets, listFilter } from './facet-counts';
import type { FacetRows, FacetTable, ListScope, TableOrder } from './facet-table';
import type { ProductCards } from './product-cards';
import { cardColumns, toCard } from './product-mappers';
import { exactCodes, foldText, joinedWordQueries, MIN_CORRECTED_LENGTH, searchWords, tsQueryText } from './search-text';

export interface ListingRequest {
  filters: ListingFilters;
  sort: SortKey;
  offset: number;
  limit: number;
  lang: Language;
}

export interface ListingResult {
  items: ProductCard[];
  total: number;
  facets: ListingFacets;
}

export interface ListingTotalResult {
  items: ProductCard[];
  total: number;
}

/**
 * What the search text became: exact ISBN/product-code matches, or a tsquery, with the query's words
 * each replaced by its closest spelling alternative (for matching names).
 */
type ResolvedText = { ids: number[] } | { tsquery: string; corrected: string; normalized: string };

interface Resolved {
  filters: ListingFilters;
  text: ResolvedText | null;
  /** The category browsed and everything below it. */
  categoryIds: number[] | null;
  /**
   * What the category facet counts in: the category itself when it has children (they are listed),
   * its parent's subtree for a leaf (its siblings are listed), everything at the top.
   */
  facetScopeIds: number[] | null;
}

const SEARCH_VECTOR = sql`"products"."search_vector"`;
/** Title (A), authors (B), publisher and translation (C): no description (migration 0006_search_titles_custom). */
const TITLE_VECTOR = sql`"products"."title_vector"`;
/** Titles and authors only, for suggestions (migration 0004_search_sql). */
const SUGGEST_VECTOR = sql`"products"."suggest_vector"`;
/** Typo alternatives must be at least this similar (pg_trgm) to the word typed. */
const MIN_SIMILARITY = 0.4;
const ALTERNATIVES_PER_WORD = 3;
/** How many products of a search are ranked once and paged from memory (the search page shows at most 300). */
const RANKED_IDS = 600;

/**
 * The two stages of a search's relevance order: the products the words find in titles, authors,
 * publishers or translations, ranked by `ts_rank` over their small vector (in stock, then best
 * sellers first on ties); then, only for pages past those, the products the words find in
 * descriptions alone, best sellers first.
 */
type RelevanceStage = 'titles' | 'descriptions';
const SUGGESTED_PRODUCTS = 6;
const SUGGESTED_AUTHORS = 3;
const SUGGESTED_CATEGORIES = 3;

const tsquery = (text: string) => sql`to_tsquery('public.shop_ro', ${text})`;
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
const intArray = (values: number[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::int[]`;

/** The facet filters and the product type, as conditions on the products table. */
function filterConditions(r: Resolved): SQL[] {
  const f = r.filters;
  const c: SQL[] = [];
  if (f.productType) c.push(eq(products.productType, f.productType));
  const anyOf = (column: SQLWrapper, values: string[]) => sql`${column} = any(${textArray(values)})`;
  if (r.categoryIds) c.push(sql`${products.categoryId} = any(${intArray(r.categoryIds)})`);
  if (f.authors.length) c.push(sql`${products.authors} && ${textArray(f.authors)}`);
  if (f.publishers.length) c.push(anyOf(products.publisher, f.publishers));
  if (f.bindings.length) c.push(anyOf(products.binding, f.bindings));
  if (f.languages.length) c.push(anyOf(products.language, f.languages));
  if (f.translations.length) c.push(anyOf(products.bibleTranslation, f.translations));
  if (f.minPrice !== null) c.push(sql`${products.effectivePrice} >= ${f.minPrice}`);
  if (f.maxPrice !== null) c.push(sql`${products.effectivePrice} <= ${f.maxPrice}`);
  if (f.inStock) c.push(sql`${products.isAvailable}`);
  if (f.onSale) c.push(sql`${products.onSale}`);
  return c;
}

/**
 * Whether the catalogue knows a word, the known words closest to it when it does not (in order), and the word's
 * own normalised tsquery text (`to_tsquery(word)::text`: its lexeme, or empty for a stop word; null if not known).
 */
interface WordFacts {
  known: boolean;
  alternatives: string[];
  query: string | null;
}

/** Lists, counts and suggestions show products (prices, stock, text) filed under categories. */
const LISTED: readonly CacheDependency[] = ['products', 'categories'];

export function createListing(
  db: Db,
  directory: CategoryDirectory,
  caches: CacheRegistry,
  facetTable: FacetTable,
  productCards: ProductCards,
) {
  /**
   * Spelling corrections of a query hardly change; facet counts may lag the catalogue by a minute,
   * except after a write through the services, which clears them (decision 012).
   */
  const textCache = caches.ttlCache<ResolvedText | null>('listing.text', ['products'], {
    max: 2000,
    ttlMs: 10 * 60_000,
  });
  /** The spelling facts of single words, for as long as the resolved texts made of them. */
  const wordCache = caches.ttlCache<WordFacts>('listing.words', ['products'], { max: 20_000, ttlMs: 10 * 60_000 });
  const summaryCache = caches.ttlCache<{ total: number; facets: ListingFacets }>('listing.summary', LISTED, {
    max: 500,
    ttlMs: 60_000,
    staleMs: 10 * 60_000,
  });
  /** Pages of popular lists and searches, for the same minute unless a write clears them sooner. */
  const pageCache = caches.ttlCache<ProductCard[]>('listing.pages', LISTED, {
    max: 1000,
    ttlMs: 60_000,
    staleMs: 4 * 60_000,
  });
  const totalCache = caches.ttlCache<number>('listing.totals', LISTED, {
    max: 1000,
    ttlMs: 60_000,
    staleMs: 10 * 60_000,
  });
  const suggestionCache = caches.ttlCache<SearchSuggestions>('listing.suggestions', LISTED, {
    max: 2000,
    ttlMs: 60_000,
  });
  /** The ids a search's words match, shared by its facets, total and description stage. */
  const matchCache = caches.ttlCache<readonly number[]>('listing.matches', LISTED, { max: 500, ttlMs: 60_000 });
  const rankedCache = caches.ttlCache<number[]>('listing.ranked', LISTED, {
    max: 500,
    ttlMs: 60_000,
    staleMs: 4 * 60_000,
  });

  /**
   * For each query word: whether the catalogue knows it (its lexeme is in the lexicon, so "biblii"
   * counts through "biblia"), and for unknown words long enough, the closest known words (pg_trgm).
   * Kept per word: a phrase nobody typed before is mostly words somebody did, and the words a cache
   * miss leaves are looked up in one statement.
   */
  async function lookUpWords(
    words: string[],
  ): Promise<{ known: Set<string>; alternatives: Map<string, string[]>; queries: (string | null)[] }> {
    const missing: string[] = [];
    let batch: Promise<Map<string, WordFacts>> | null = null;
    const facts = await Promise.all(
      words.map((word) =>
        wordCache.get(word, () => {
          missing.push(word);
          // Every word is asked for before this runs (the map above is synchronous).
          batch ??= Promise.resolve().then(() => lookUpInLexicon(missing));
          return batch.then((found) => found.get(word) ?? { known: false, alternatives: [], query: null });
        }),
      ),
    );
    const known = new Set<string>();
    const alternatives = new Map<string, string[]>();
    words.forEach((word, i) => {
      if (facts[i].known) known.add(word);
      if (facts[i].alternatives.length) alternatives.set(word, facts[i].alternatives);
    });
    return { known, alternatives, queries: facts.map((f) => f.query) };
  }

  async function lookUpInLexicon(words: string[]): Promise<Map<string, WordFacts>> {
    const rows = await queryRows<{ word: string; known: boolean; alt: string | null; query: string }>(
      db,
      sql`select w.word, k.known, s.alt, to_tsquery('public.shop_ro', w.word)::text as query
        from unnest(${textArray(words)}) as w(word)
        cross join lateral (
          select exists (
            select 1 from search_words x
            where x.lexeme = (tsvector_to_array(to_tsvector('public.shop_ro', w.word)))[1]
          ) as known
        ) k
        left join lateral (
          select x.word as alt from search_words x
          where not k.known and length(w.word) >= ${MIN_CORRECTED_LENGTH} and w.word !~ '^[0-9]+$'
            and x.word % w.word and similarity(x.word, w.word) >= ${MIN_SIMILARITY}
          order by similarity(x.word, w.word) desc, x.word
          limit ${ALTERNATIVES_PER_WORD}
        ) s on true`,
    );
    const found = new Map<string, WordFacts>();
    for (const { word, known, alt, query } of rows) {
      const facts = found.get(word) ?? { known, alternatives: [], query };
      if (alt) facts.alternatives.push(alt);
      found.set(word, facts);
    }
    return found;
  }

  /**
   * ISBN or product code typed whole → those products. Otherwise the words, with spelling
   * alternatives, as a tsquery. While typing (suggestions) the last word is also a prefix; in a
   * submitted search only when the catalogue does not know it as a word (it was cut short).
   */
  function resolveText(searchText: string, mode: 'typing' | 'submitted'): Promise<ResolvedText | null> {
    return textCache.get(`${mode}|${searchText}`, async () => {
      const codes = exactCodes(searchText);
      if (codes.isbn || codes.sku) {
        const rows = await db
          .select({ id: products.id })
          .from(products)
          .where(
            or(
              codes.isbn ? eq(products.isbn, codes.isbn) : undefined,
              codes.sku ? eq(products.sku, codes.sku) : undefined,
            ),
          );
        if (rows.length) return { ids: rows.map((r) => r.id) };
      }
      const words = searchWords(searchText);
      if (!words.length) return null;
      const { known, alternatives, queries } = await lookUpWords(words);
      const corrected = words.map((w) => alternatives.get(w)?.[0] ?? w).join(' ');
      const prefixLast = mode === 'typing' || !known.has(words[words.length - 1]);
      const query = tsQueryText(words, alternatives, { prefixLast });
      // The database's own stemming of the query, for matching it in memory (LexemeIndex): joined from the words'
      // own when they are plain words, which spares a distinct phrase of known words a statement.
      const joined = prefixLast || alternatives.size ? null : joinedWordQueries(queries);
      if (joined !== null) return { tsquery: query, corrected, normalized: joined };
      const [{ normalized }] = await queryRows<{ normalized: string }>(
        db,
        sql`select ${tsquery(query)}::text as normalized`,
      );
      return { tsquery: query, corrected, normalized };
    });
  }

  async function resolve(filters: ListingFilters, sort: SortKey): Promise<Resolved> {
    let categoryIds: number[] | null = null;
    let facetScopeIds: number[] | null = null;
    if (filters.category) {
      const tree = await directory.tree();
      const category = tree.bySlug.get(filters.category);
      if (!category) throw new AppError('VALIDATION', { fields: { category: 'validation.categoryUnknown' } });
      categoryIds = subtreeIds(tree, category.id);
      if (tree.children.get(category.id)?.length) facetScopeIds = categoryIds;
      else if (category.parentId !== null) facetScopeIds = subtreeIds(tree, category.parentId);
    }
    const text = filters.searchText ? await resolveText(filters.searchText, 'submitted') : null;
    // SPEC §9: "On Sale" keeps the products with a discount.
    return { filters: sort === 'sale' ? { ...filters, onSale: true } : filters, text, categoryIds, facetScopeIds };
  }

  function conditions(r: Resolved): SQL[] {
    // Archived products (issue 13) are the back office's only: no list, count or facet shows them.
    const c: SQL[] = [isNull(products.archivedAt)];
    if (r.text)
      c.push('ids' in r.text ? inArray(products.id, r.text.ids) : sql`${SEARCH_VECTOR} @@ ${tsquery(r.text.tsquery)}`);
    return [...filterConditions(r), ...c];
  }

  const where = (r: Resolved): SQL => and(...conditions(r)) ?? sql`true`;

  /**
   * The SQL order of the lists the facet table does not order (tableOrder): "New Added", a search's relevance,
   * and the products of a typed code (ISBN, SKU) by sales.
   */
  function orderOf(r: Resolved, sort: SortKey): SQL[] {
    if (sort === 'new') return [desc(products.createdAt), desc(products.id)];
    // Relevance for a text search (title > author > publisher > description), in stock first on
    // ties: the two stages of rankedIds() in one order, for pages past the first RANKED_IDS.
    return r.text && 'tsquery' in r.text
      ? [
          desc(sql`ts_rank(${TITLE_VECTOR}, ${tsquery(r.text.tsquery)})`),
          desc(sql`${TITLE_VECTOR} @@ ${tsquery(r.text.tsquery)} and ${products.isAvailable}`),
          desc(products.salesCount),
          desc(products.id),
        ]
      : [desc(products.salesCount), desc(products.id)];
  }

  /**
   * The facet table's order of a list in `sort`: prices, or best sellers for a list without words ("On Sale"
   * is a filter); null for "New Added" (the table has no dates) and for a search's relevance (orderOf).
   */
  function tableOrder(r: Resolved, sort: SortKey): TableOrder | null {
    if (sort === 'price-asc' || sort === 'price-desc') return sort;
    return !r.text && (sort === 'default' || sort === 'sale') ? 'sales' : null;
  }

  /**
   * The first RANKED_IDS products of a list, in order, kept a minute: "Load More" and the next pages
   * then fetch their cards by id instead of ordering every match again. A search in relevance order
   * keeps its two stages apart (RelevanceStage), so that its first pages never read descriptions
   * when titles find enough.
   */
  function rankedIds(r: Resolved, sort: SortKey, stage: RelevanceStage = 'titles'): Promise<number[]> {
    return rankedCache.get(JSON.stringify([r.filters, sort, stage]), async () => {
      const searched = r.text && 'tsquery' in r.text && sort === 'default' ? r.text : null;
      const text = searched ? tsquery(searched.tsquery) : null;
      if (!searched || !text) {
        // SPEC §9: "New Added" keeps the last 8 products added (of those matching).
        const rows = await db
          .select({ id: products.id })
          .from(products)
          .where(where(r))
          .orderBy(...orderOf(r, sort))
          .limit(sort === 'new' ? NEW_ADDED_COUNT : RANKED_IDS);
        return rows.map((row) => row.id);
      }
      if (stage === 'titles') {
        // From the narrow copy of the listed products' title vectors (migration 0021); the wide products
        // rows are read only to apply a list's filters. Up to 600 ids come back as one JSON array, in the same
        // order: as rows, a common word's 600 took PGlite 2.3–5.2 ms against 1.2–4.0 (parsing each row).
        const filters = filterConditions(r);
        const filtered = filters.length
          ? sql`join ${products} on ${products.id} = t.product_id and ${and(...filters)}`
          : sql``;
        const [row] = await queryRows<{ ids: string }>(
          db,
          sql`select coalesce(json_agg(r.id order by r.rank desc, r.is_available desc, r.sales_count desc, r.id desc), '[]')::text as ids
            from (
              select t.product_id as id, ts_rank(t.title_vector, ${text}) as rank, t.is_available, t.sales_count
              from product_titles t ${filtered}
              where t.title_vector @@ ${text}
              order by rank desc, t.is_available desc, t.sales_count desc, t.product_id desc
              limit ${RANKED_IDS}
            ) r`,
        );
        return row ? (JSON.parse(row.ids) as number[]) : [];
      }
      const titled = await rankedIds(r, sort, 'titles');
      if (titled.length >= RANKED_IDS) return [];
      // Only a mention in a description: one weight, so no ts_rank (it would decompress every matching
      // product's description vector); best sellers first, taken from the search's matches in memory.
      const inTitles = new Set(titled);
      const table = await facetTable.rows();
      const listed = listFilter({ filters: r.filters, categoryIds: r.categoryIds }, table.columns);
      return table.slice(
        'sales',
        { ids: await matchedIds(table, r, null) },
        (id) => !inTitles.has(id) && listed(id),
        0,
        RANKED_IDS - titled.length,
      );
    });
  }

  /** The ids of a page of a search in relevance order: titles first, descriptions only past them. */
  async function relevancePage(r: Resolved, offset: number, limit: number): Promise<number[]> {
    const titled = await rankedIds(r, 'default', 'titles');
    if (offset + limit <= titled.length || titled.length >= RANKED_IDS) return titled.slice(offset, offset + limit);
    const described = await rankedIds(r, 'default', 'descriptions');
    return [...titled, ...described].slice(offset, offset + limit);
  }

  /**
   * Runs `fn` with sequential scans off: PostgreSQL (and PGlite) pick one for a common word, which
   * tests `search_vector @@ query` on every product and so decompresses every description vector;
   * the GIN index gives the matching rows exactly, without reading a vector.
   */
  function indexScans<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    return withTransaction(db, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return fn(tx);
    });
  }

  async function page(r: Resolved, sort: SortKey, offset: number, limit: number): Promise<ProductCard[]> {
    const order = tableOrder(r, sort);
    if (order) {
      // In the facet table's kept orders (decision 028): a deep page of a category is no index scan.
      const table = await facetTable.rows();
      const listed = listFilter({ filters: r.filters, categoryIds: r.categoryIds }, table.columns);
      const scope: ListScope = r.text
        ? { ids: await matchedIds(table, r, null) }
        : r.categoryIds && { categoryIds: r.categoryIds };
      return productCards.inOrder(table.slice(order, scope, listed, offset, limit));
    }
    // A search sorts all its matches whatever the page, so it is ranked once; a plain listing is
    // read in index order, where LIMIT/OFFSET is cheaper than ranking 600 products.
    if (sort === 'new' || (r.text && offset + limit <= RANKED_IDS)) {
      const ids =
        sort === 'default' && r.text && 'tsquery' in r.text
          ? await relevancePage(r, offset, limit)
          : (await rankedIds(r, sort)).slice(offset, offset + limit);
      return productCards.inOrder(ids);
    }
    const rows = await db
      .select(cardColumns)
      .from(products)
      .where(where(r))
      .orderBy(...orderOf(r, sort))
      .limit(limit)
      .offset(offset);
    return rows.map(toCard);
  }

  /**
   * The ids of what a search matches, some perhaps of products the table does not hold (an archived product's
   * code; the counts and filters skip them); without a search text, those of `categoryIds` (every listed product
   * when null), which the caller narrows further.
   */
  async function matchedIds(
    table: FacetRows,
    r: Resolved,
    categoryIds: readonly number[] | null,
  ): Promise<readonly number[]> {
    return r.text ? matchingIds(r.text) : table.in(categoryIds);
  }

  /**
   * Every product a search's words find, ids ascending, for its facets, its total and its description
   * stage: from the facet table's lexemes (decision 028), or, for what they cannot evaluate, from the GIN
   * index (exactly, without testing every product; as JSON, which parses many times faster than a
   * PostgreSQL array). Kept a minute: a search's page and its counts ask for them together.
   */
  function matchingIds(text: ResolvedText): Promise<readonly number[]> {
    if ('ids' in text) return Promise.resolve(text.ids);
    return matchCache.get(text.tsquery, async () => {
      const inMemory = (await facetTable.rows()).lexemes.match(text.normalized);
      if (inMemory) return inMemory;
      const [row] = await indexScans((tx) =>
        queryRows<{ ids: string }>(
          tx,
          sql`select coalesce(json_agg(id order by id), '[]')::text as ids from products where ${SEARCH_VECTOR} @@ ${tsquery(text.tsquery)}`,
        ),
      );
      return row ? (JSON.parse(row.ids) as number[]) : [];
    });
  }

  async function categoryFacet(
    r: Resolved,
    lang: Language,
    own: ReadonlyMap<number, number>,
  ): Promise<ListingFacets['category']> {
    const tree = await directory.tree();
    const countOf = (id: number) => subtreeIds(tree, id).reduce((sum, c) => sum + (own.get(c) ?? 0), 0);
    const current = r.filters.category ? (tree.bySlug.get(r.filters.category) ?? null) : null;
    const parent = current?.parentId ? (tree.byId.get(current.parentId) ?? null) : null;
    const below = current ? (tree.children.get(current.id) ?? []) : (tree.children.get(null) ?? []);
    const shown = below.length ? below : (tree.children.get(current?.parentId ?? null) ?? []);
    const options: CategoryFacet[] = shown
      .map((c) => ({ slug: c.slug, name: categoryName(c, lang), count: countOf(c.id), selected: c.id === current?.id }))
      .filter((c) => c.count > 0 || c.selected);
    const named = (c: typeof current) => (c ? { slug: c.slug, name: categoryName(c, lang) } : null);
    return { current: named(current), parent: named(parent), options };
  }

  function summary(r: Resolved, lang: Language) {
    return summaryCache.get(JSON.stringify([r.filters, lang]), async () => {
      const table = await facetTable.rows();
      const counts = countFacets(table.columns, await matchedIds(table, r, r.facetScopeIds), {
        filters: r.filters,
        categoryIds: r.categoryIds,
        scopeIds: r.facetScopeIds,
      });
      const values = (key: ValueFacet): FacetCount[] =>
        counts.values[key].map(([value, count]) => ({ value, count, selected: r.filters[key].includes(value) }));
      const { minPrice, maxPrice } = r.filters;
      const { total, inStock, onSale } = counts.flags;
      return {
        total,
        facets: {
          category: await categoryFacet(r, lang, counts.categories),
          authors: values('authors'),
          publishers: values('publishers'),
          bindings: values('bindings'),
          languages: values('languages'),
          translations: values('translations'),
          priceRanges: PRICE_RANGES_LEI.map(([min, max], i) => ({
            min,
            max,
            count: counts.prices[i],
            selected: minPrice === leiToBani(min) && maxPrice === (max === null ? null : lastBanOfLei(max)),
          })),
          inStock,
          onSale,
        },
      };
    });
  }

  function pageOf(r: Resolved, req: ListingRequest): Promise<ProductCard[]> {
    return pageCache.get(JSON.stringify([r.filters, req.sort, req.offset, req.limit]), () =>
      page(r, req.sort, req.offset, req.limit),
    );
  }

  /** How many products a list has, counted alone (without the facets). */
  function totalOf(r: Resolved): Promise<number> {
    return totalCache.get(JSON.stringify(r.filters), async () => {
      const table = await facetTable.rows();
      const listed = listFilter({ filters: r.filters, categoryIds: r.categoryIds }, table.columns);
      let total = 0;
      for (const id of await matchedIds(table, r, r.categoryIds)) if (listed(id)) total++;
      return total;
    });
  }

  function matchingCategories(tree: CategoryTree, words: string[], lang: Language) {
    const stems = words.map((w) => w.slice(0, Math.max(3, w.length - 2)));
    return [...tree.bySlug.values()]
      .filter((c) => {
        const nameWords = foldText(categoryName(c, lang)).split(/[^a-z0-9]+/);
        return stems.every((s) => nameWords.some((n) => n.startsWith(s)));
      })
      .slice(0, SUGGESTED_CATEGORIES)
      .map((c) => ({ slug: c.slug, name: categoryName(c, lang) }));
  }

  async function suggestions(query: string, lang: Language): Promise<SearchSuggestions> {
    const words = searchWords(query);
    const empty: SearchSuggestions = { query, products: [], authors: [], categories: [] };
    const text = words.length ? await resolveText(query, 'typing') : null;
    if (!text) return empty;
    const folded = words.join(' ');
    const corrected = 'corrected' in text ? text.corrected : folded;
    // Products whose title or authors match what was typed, best sellers first.
    const [found, authors, tree] = await Promise.all([
      db
        .select(cardColumns)
        .from(products)
        .where(
          and(
            isNull(products.archivedAt),
            'ids' in text ? inArray(products.id, text.ids) : sql`${SUGGEST_VECTOR} @@ ${tsquery(text.tsquery)}`,
          ),
        )
        .orderBy(desc(products.salesCount), asc(products.id))
        .limit(SUGGESTED_PRODUCTS),
      queryRows<{ name: string }>(
        db,
        sql`select name from search_names
          where kind = 'author'
            and (norm like ${`%${folded}%`} or norm like ${`%${corrected}%`} or ${folded} <% norm)
          order by (norm like ${`${folded}%`} or norm like ${`% ${folded}%`}) desc,
            word_similarity(${folded}, norm) desc, name
          limit ${SUGGESTED_AUTHORS}`,
      ),
      directory.tree(),
    ]);
    return {
      query,
      products: found.map(toCard).map(({ id, slug, title, authors, image, price }) => ({
        id,
        slug,
        title,
        authors,
        image,
        price,
      })),
      authors: authors.map((a) => a.name),
      categories: matchingCategories(tree, words, lang),
    };
  }

  return {
    /**
     * Reads the facet table before the first list asks for it (the server's start): 200,000 products
     * take seconds on PostgreSQL, which the first shoppers would otherwise wait for.
     */
    async warmUp(): Promise<void> {
      await facetTable.rows();
    },

    /**
     * A page of products with the list's total and facet counts. Each facet counts what choosing its
     * values would give, with every other filter kept.
     */
    async list(req: ListingRequest): Promise<ListingResult> {
      const r = await resolve(req.filters, req.sort);
      const [items, { total, facets }] = await Promise.all([pageOf(r, req), summary(r, req.lang)]);
      return { items, total: req.sort === 'new' ? Math.min(total, NEW_ADDED_COUNT) : total, facets };
    },

    /** A page of products and the list's total, without facet counts (the search page shows none). */
    async listWithTotal(req: ListingRequest): Promise<ListingTotalResult> {
      const r = await resolve(req.filters, req.sort);
      const [items, total] = await Promise.all([pageOf(r, req), totalOf(r)]);
      return { items, total: req.sort === 'new' ? Math.min(total, NEW_ADDED_COUNT) : total };
    },

    /**
     * The shop's search as a condition for other lists (the back office's product list, which also shows
     * archived products): the same exact codes, words and spelling alternatives, with its relevance rank
     * over titles (null when the text has no words to search).
     */
    async textMatch(searchText: string): Promise<{ where: SQL; rank: SQL | null } | null> {
      const text = await resolveText(searchText, 'submitted');
      if (!text) return null;
      if ('ids' in text) return { where: inArray(products.id, text.ids), rank: null };
      return {
        where: sql`${SEARCH_VECTOR} @@ ${tsquery(text.tsquery)}`,
        rank: sql`ts_rank(${TITLE_VECTOR}, ${tsquery(text.tsquery)})`,
      };
    },

    /** The header's suggestions: products, authors and categories for what has been typed so far. */
    suggest(query: string, lang: Language): Promise<SearchSuggestions> {
      return suggestionCache.get(`${lang}|${query}`, () => suggestions(query, lang));
    },
  };
}
