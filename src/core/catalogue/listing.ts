import { and, arrayOverlaps, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { ProductCard } from '../../contracts/catalogue';
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
import type { Language } from '../../contracts/preferences';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';
import { products } from '../../db/schema';
import { type CategoryDirectory, type CategoryTree, categoryName, subtreeIds } from './category-directory';
import { cardColumns, toCard } from './product-mappers';
import { exactCodes, foldText, MIN_CORRECTED_LENGTH, searchWords, tsQueryText } from './search-text';
import { createTtlCache } from './ttl-cache';

/** A category slug that does not exist: a 400 in the API, a 404 for /shop/:categorySlug. */
export class UnknownCategoryError extends Error {
  constructor(readonly slug: string) {
    super(`Unknown category ${slug}`);
  }
}

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

/**
 * What the search text became: exact ISBN/product-code matches, or a tsquery, with the query's words
 * each replaced by its closest spelling alternative (for matching names).
 */
type ResolvedText = { ids: number[] } | { tsquery: string; corrected: string };

interface Resolved {
  filters: ListingFilters;
  text: ResolvedText | null;
  categoryIds: number[] | null;
}

type FacetKey = 'category' | 'authors' | 'publishers' | 'bindings' | 'languages' | 'translations' | 'price' | 'flags';

const SEARCH_VECTOR = sql`"products"."search_vector"`;
/** Titles and authors only, for suggestions (migration 0002_search_sql). */
const SUGGEST_VECTOR = sql`"products"."suggest_vector"`;
/** Typo alternatives must be at least this similar (pg_trgm) to the word typed. */
const MIN_SIMILARITY = 0.4;
const ALTERNATIVES_PER_WORD = 3;
const FACET_VALUES = 12;
const SUGGESTED_PRODUCTS = 6;
const SUGGESTED_AUTHORS = 3;
const SUGGESTED_CATEGORIES = 3;

const tsquery = (text: string) => sql`to_tsquery('public.shop_ro', ${text})`;
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The CASE that puts a price (bani) in one of PRICE_RANGES_LEI. */
const priceBucket = sql.raw(
  `case ${PRICE_RANGES_LEI.map(([, max], i) => (max === null ? `else ${i}` : `when effective_price <= ${max * 100 + 99} then ${i}`)).join(' ')} end`,
);

export function createListing(db: Db, directory: CategoryDirectory) {
  /** Spelling corrections of a query hardly change; facet counts may lag the catalogue by a minute. */
  const textCache = createTtlCache<ResolvedText | null>({ max: 2000, ttlMs: 10 * 60_000 });
  const summaryCache = createTtlCache<{ total: number; facets: ListingFacets }>({ max: 500, ttlMs: 60_000 });
  /** Pages of popular lists and searches, for the same minute: in stock and prices may lag that long. */
  const pageCache = createTtlCache<ProductCard[]>({ max: 1000, ttlMs: 60_000 });
  const suggestionCache = createTtlCache<SearchSuggestions>({ max: 2000, ttlMs: 60_000 });

  /**
   * For each query word: whether the catalogue knows it (its lexeme is in the lexicon, so "biblii"
   * counts through "biblia"), and for unknown words long enough, the closest known words (pg_trgm).
   */
  async function lookUpWords(words: string[]): Promise<{ known: Set<string>; alternatives: Map<string, string[]> }> {
    const rows = await queryRows<{ word: string; known: boolean; alt: string | null }>(
      db,
      sql`select w.word, k.known, s.alt
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
    const known = new Set<string>();
    const alternatives = new Map<string, string[]>();
    for (const { word, known: isKnown, alt } of rows) {
      if (isKnown) known.add(word);
      if (alt) alternatives.set(word, [...(alternatives.get(word) ?? []), alt]);
    }
    return { known, alternatives };
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
      const { known, alternatives } = await lookUpWords(words);
      const corrected = words.map((w) => alternatives.get(w)?.[0] ?? w).join(' ');
      const prefixLast = mode === 'typing' || !known.has(words[words.length - 1]);
      return { tsquery: tsQueryText(words, alternatives, { prefixLast }), corrected };
    });
  }

  async function resolve(filters: ListingFilters, sort: SortKey): Promise<Resolved> {
    let categoryIds: number[] | null = null;
    if (filters.category) {
      const tree = await directory.tree();
      const category = tree.bySlug.get(filters.category);
      if (!category) throw new UnknownCategoryError(filters.category);
      categoryIds = subtreeIds(tree, category.id);
    }
    const text = filters.searchText ? await resolveText(filters.searchText, 'submitted') : null;
    // SPEC §9: "On Sale" keeps the products with a discount.
    return { filters: sort === 'sale' ? { ...filters, onSale: true } : filters, text, categoryIds };
  }

  function conditions(r: Resolved, except?: FacetKey): SQL[] {
    const f = r.filters;
    const c: SQL[] = [];
    if (r.text)
      c.push('ids' in r.text ? inArray(products.id, r.text.ids) : sql`${SEARCH_VECTOR} @@ ${tsquery(r.text.tsquery)}`);
    if (f.productType) c.push(eq(products.productType, f.productType));
    if (r.categoryIds && except !== 'category') c.push(inArray(products.categoryId, r.categoryIds));
    if (f.authors.length && except !== 'authors') c.push(arrayOverlaps(products.authors, f.authors));
    if (f.publishers.length && except !== 'publishers') c.push(inArray(products.publisher, f.publishers));
    if (f.bindings.length && except !== 'bindings') c.push(inArray(products.binding, f.bindings));
    if (f.languages.length && except !== 'languages') c.push(inArray(products.language, f.languages));
    if (f.translations.length && except !== 'translations') c.push(inArray(products.bibleTranslation, f.translations));
    if (except !== 'price' && f.minPrice !== null) c.push(gte(products.effectivePrice, f.minPrice));
    if (except !== 'price' && f.maxPrice !== null) c.push(lte(products.effectivePrice, f.maxPrice));
    if (except !== 'flags' && f.inStock) c.push(eq(products.isAvailable, true));
    if (except !== 'flags' && f.onSale) c.push(eq(products.onSale, true));
    return c;
  }

  const where = (r: Resolved, except?: FacetKey): SQL => and(...conditions(r, except)) ?? sql`true`;

  function orderOf(r: Resolved, sort: SortKey): SQL[] {
    switch (sort) {
      case 'price-asc':
        return [asc(products.effectivePrice), asc(products.id)];
      case 'price-desc':
        return [desc(products.effectivePrice), desc(products.id)];
      case 'new':
        return [desc(products.createdAt), desc(products.id)];
      default:
        // Relevance for a text search (title > author > publisher > description), in stock first on ties.
        return r.text && 'tsquery' in r.text
          ? [
              desc(sql`ts_rank(${SEARCH_VECTOR}, ${tsquery(r.text.tsquery)})`),
              desc(products.isAvailable),
              desc(products.salesCount),
              asc(products.id),
            ]
          : [desc(products.salesCount), desc(products.id)];
    }
  }

  async function page(r: Resolved, sort: SortKey, offset: number, limit: number): Promise<ProductCard[]> {
    // SPEC §9: "New Added" keeps the last 8 products added (of those matching).
    const newest =
      sort === 'new'
        ? inArray(
            products.id,
            db
              .select({ id: products.id })
              .from(products)
              .where(where(r))
              .orderBy(desc(products.createdAt), desc(products.id))
              .limit(NEW_ADDED_COUNT),
          )
        : where(r);
    const rows = await db
      .select(cardColumns)
      .from(products)
      .where(newest)
      .orderBy(...orderOf(r, sort))
      .limit(sort === 'new' ? Math.max(0, Math.min(limit, NEW_ADDED_COUNT - offset)) : limit)
      .offset(offset);
    return rows.map(toCard);
  }

  async function valueCounts(
    r: Resolved,
    key: Exclude<FacetKey, 'category' | 'price' | 'flags'>,
    selected: string[],
  ): Promise<FacetCount[]> {
    const column = {
      authors: sql`a.value`,
      publishers: sql`products.publisher`,
      bindings: sql`products.binding`,
      languages: sql`products.language`,
      translations: sql`products.bible_translation`,
    }[key];
    const from =
      key === 'authors' ? sql`products cross join lateral unnest(products.authors) as a(value)` : sql`products`;
    const chosenFirst = selected.length ? sql`(${column} = any(${textArray(selected)})) desc,` : sql``;
    const rows = await queryRows<{ value: string; count: number }>(
      db,
      sql`select ${column} as value, count(*)::int as count from ${from}
        where ${where(r, key)} and ${column} is not null and ${column} <> ''
        group by 1 order by ${chosenFirst} 2 desc, 1 limit ${FACET_VALUES + selected.length}`,
    );
    return rows.map((row) => ({ value: row.value, count: Number(row.count), selected: selected.includes(row.value) }));
  }

  async function categoryFacet(r: Resolved, lang: Language): Promise<ListingFacets['category']> {
    const [tree, rows] = await Promise.all([
      directory.tree(),
      queryRows<{ id: number; count: number }>(
        db,
        sql`select category_id as id, count(*)::int as count from products where ${where(r, 'category')} group by 1`,
      ),
    ]);
    const own = new Map(rows.map((row) => [Number(row.id), Number(row.count)]));
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

  async function priceFacet(r: Resolved): Promise<ListingFacets['priceRanges']> {
    const rows = await queryRows<{ bucket: number; count: number }>(
      db,
      sql`select ${priceBucket} as bucket, count(*)::int as count from products where ${where(r, 'price')} group by 1`,
    );
    const counts = new Map(rows.map((row) => [Number(row.bucket), Number(row.count)]));
    const { minPrice, maxPrice } = r.filters;
    return PRICE_RANGES_LEI.map(([min, max], i) => ({
      min,
      max,
      count: counts.get(i) ?? 0,
      selected: minPrice === min * 100 && maxPrice === (max === null ? null : max * 100 + 99),
    }));
  }

  /** Total of the list, and the in-stock and on-sale counts, each keeping the other flag. */
  async function flagCounts(r: Resolved): Promise<{ total: number; inStock: number; onSale: number }> {
    const { inStock, onSale } = r.filters;
    const [row] = await queryRows<{ total: number; in_stock: number; on_sale: number }>(
      db,
      sql`select
          count(*) filter (where ${inStock ? sql`is_available` : sql`true`} and ${onSale ? sql`on_sale` : sql`true`})::int as total,
          count(*) filter (where is_available and ${onSale ? sql`on_sale` : sql`true`})::int as in_stock,
          count(*) filter (where on_sale and ${inStock ? sql`is_available` : sql`true`})::int as on_sale
        from products where ${where(r, 'flags')}`,
    );
    return { total: Number(row.total), inStock: Number(row.in_stock), onSale: Number(row.on_sale) };
  }

  function summary(r: Resolved, lang: Language) {
    return summaryCache.get(JSON.stringify([r.filters, lang]), async () => {
      const f = r.filters;
      const [flags, category, authors, publishers, bindings, languages, translations, priceRanges] = await Promise.all([
        flagCounts(r),
        categoryFacet(r, lang),
        valueCounts(r, 'authors', f.authors),
        valueCounts(r, 'publishers', f.publishers),
        valueCounts(r, 'bindings', f.bindings),
        valueCounts(r, 'languages', f.languages),
        valueCounts(r, 'translations', f.translations),
        priceFacet(r),
      ]);
      return {
        total: flags.total,
        facets: {
          category,
          authors,
          publishers,
          bindings,
          languages,
          translations,
          priceRanges,
          inStock: flags.inStock,
          onSale: flags.onSale,
        },
      };
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
        .where('ids' in text ? inArray(products.id, text.ids) : sql`${SUGGEST_VECTOR} @@ ${tsquery(text.tsquery)}`)
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
     * A page of products with the list's total and facet counts. Each facet counts what choosing its
     * values would give, with every other filter kept.
     */
    async list(req: ListingRequest): Promise<ListingResult> {
      const r = await resolve(req.filters, req.sort);
      const [items, { total, facets }] = await Promise.all([
        pageCache.get(JSON.stringify([r.filters, req.sort, req.offset, req.limit]), () =>
          page(r, req.sort, req.offset, req.limit),
        ),
        summary(r, req.lang),
      ]);
      return { items, total: req.sort === 'new' ? Math.min(total, NEW_ADDED_COUNT) : total, facets };
    },

    /** The header's suggestions: products, authors and categories for what has been typed so far. */
    suggest(query: string, lang: Language): Promise<SearchSuggestions> {
      return suggestionCache.get(`${lang}|${query}`, () => suggestions(query, lang));
    },
  };
}
