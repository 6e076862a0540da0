import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  drawnCoverPath,
  type HomeSection,
  type MenuCategory,
  type ProductCard,
  type ProductDetail,
} from '../../contracts/catalogue';
import { AppError } from '../../contracts/errors';
import type { PersonalizationForm } from '../../contracts/personalization';
import type { Language } from '../../contracts/preferences';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import type { CacheRegistry } from '../cache/registry';
import { ancestry, categoryName, createCategoryDirectory } from './category-directory';
import { createFacetTable } from './facet-table';
import { createListing } from './listing';
import { createProductCards } from './product-cards';
import { cardColumns, toCard } from './product-mappers';

const SECTION_SIZE = 8;
const RELATED_SIZE = 4;
/** Cards kept in memory (product-cards.ts): about 14 MB of heap for the whole demo catalogue (decision 033, amended). */
const CARDS_KEPT = 20_000;

/** What the shop shows: archived products (issue 13) are the back office's only. */
const shown = isNull(products.archivedAt);
const available = and(eq(products.isAvailable, true), shown);

/** What the back office may change of a product; prices in bani, VAT included. */
export interface ProductChanges {
  sellingPrice?: number;
  specialPrice?: number | null;
  quantity?: number;
}

function assertValidChanges(changes: ProductChanges): void {
  const { sellingPrice, specialPrice, quantity } = changes;
  const bad = (value: number | null | undefined, min: number) =>
    value !== undefined && value !== null && !(Number.isSafeInteger(value) && value >= min);
  const nothing = sellingPrice === undefined && specialPrice === undefined && quantity === undefined;
  if (nothing || bad(sellingPrice, 1) || bad(specialPrice, 1) || bad(quantity, 0))
    throw new RangeError(`Invalid product changes ${JSON.stringify(changes)}`);
}

export function createCatalogueService(db: Db, caches: CacheRegistry) {
  const directory = createCategoryDirectory(db, caches);
  const facetTable = createFacetTable(db, caches);
  const productCards = createProductCards(db, caches, { max: CARDS_KEPT, ttlMs: 60_000 });
  const menuCache = caches.ttlCache<{ ro: MenuCategory[]; en: MenuCategory[] }>('categories.menu', ['categories'], {
    max: 1,
    ttlMs: Number.POSITIVE_INFINITY,
  });

  async function cards(where: SQL | undefined, orderBy: SQL[], limit: number) {
    const rows = await db
      .select(cardColumns)
      .from(products)
      .where(and(shown, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map(toCard);
  }

  const detailQuery = (where: SQL) =>
    db.select({ card: cardColumns, product: products }).from(products).where(and(shown, where)).limit(1);
  type DetailRow = Awaited<ReturnType<typeof detailQuery>>[number];
  /**
   * A product page's query, built once: Drizzle building its fifty columns' select for every page was about
   * 0.7 ms of the main thread's time per uncached product page (bench/profile.ts, twenty-first session).
   */
  const detailBySlug = detailQuery(eq(products.slug, sql.placeholder('slug'))).prepare('catalogue_product_by_slug');

  async function productWhere(where: SQL, lang: Language): Promise<ProductDetail> {
    const [row] = await detailQuery(where);
    return toDetail(row, lang);
  }

  async function toDetail(row: DetailRow | undefined, lang: Language): Promise<ProductDetail> {
    if (!row) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.product' });
    const { product } = row;
    const tree = await directory.tree();
    const path = ancestry(tree, product.categoryId);
    const category = path[path.length - 1];
    const card = toCard(row.card);
    // The card's fields are written out, not spread: on Node 20's V8 an object spread followed by more properties
    // makes a new hidden class on every call (46 µs and a dozen KB of old-space garbage for this object; see
    // docs/PERFORMANCE.md, twenty-eighth session). The return type requires every one of them.
    return {
      id: card.id,
      slug: card.slug,
      title: card.title,
      authors: card.authors,
      image: card.image,
      price: card.price,
      oldPrice: card.oldPrice,
      lowestPrice30Days: card.lowestPrice30Days,
      discount: card.discount,
      inStock: card.inStock,
      productType: card.productType,
      personalizationRequired: product.personalizationRequired,
      sku: product.sku,
      isbn: product.isbn,
      publisher: product.publisher,
      binding: product.binding,
      pages: product.pages,
      language: product.language,
      bibleTranslation: product.bibleTranslation,
      year: product.year,
      dimensions: product.dimensions,
      weightGrams: product.weightGrams,
      vatRate: product.vatRate,
      descriptionHtml: product.description,
      // A product saved without a picture shows the cover the shop draws (an empty `src` fetches the page again).
      images: product.images.length ? product.images : [drawnCoverPath(product.sku)],
      quantity: product.quantity,
      hasPersonalization: product.hasPersonalization,
      personalizationForm: product.hasPersonalization ? product.personalizationForm : null,
      category: { slug: category.slug, name: categoryName(category, lang) },
      breadcrumbs: path.map((c) => ({ name: categoryName(c, lang), href: `/shop/${c.slug}` })),
    };
  }

  async function relatedProducts(product: Pick<ProductDetail, 'id'>): Promise<ProductCard[]> {
    const table = await facetTable.rows();
    return productCards.inOrder(table.related(product.id, RELATED_SIZE));
  }

  return {
    /**
     * What an order copies of its products besides the cart's prices (SPEC §3 order item payload): the last
     * purchase price and the personalisation form (to describe the engraving as it was ordered).
     */
    async orderFacts(
      ids: readonly number[],
    ): Promise<Map<number, { acquisitionPrice: number | null; personalizationForm: PersonalizationForm | null }>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: products.id, acquisitionPrice: products.acquisitionPrice, form: products.personalizationForm })
        .from(products)
        .where(inArray(products.id, [...ids]));
      return new Map(rows.map((r) => [r.id, { acquisitionPrice: r.acquisitionPrice, personalizationForm: r.form }]));
    },

    ...createListing(db, directory, caches, facetTable, productCards),

    /**
     * Changes a product's prices or stock (the back office). One transaction: the database trigger of
     * migration 0004 closes the price-history row in force and opens a new one in the same statement,
     * so the 30-day lowest price always sees the change. Every cache that shows the product is cleared
     * once it committed. False when there is no such product.
     */
    async updateProduct(id: number, changes: ProductChanges): Promise<boolean> {
      assertValidChanges(changes);
      const found = await withTransaction(db, async (tx) => {
        const updated = await tx
          .update(products)
          .set(changes)
          .where(eq(products.id, id))
          .returning({ id: products.id });
        return updated.length === 1;
      });
      if (found) caches.invalidate(`product:${id}`);
      return found;
    },

    /** The home page's shelves, each a handful of products worth showing. */
    async homeSections(): Promise<HomeSection[]> {
      const [fresh, sale, bibles, gifts, best] = await Promise.all([
        cards(available, [desc(products.createdAt)], SECTION_SIZE),
        cards(and(available, eq(products.onSale, true)), [desc(products.salesCount)], SECTION_SIZE),
        cards(and(available, eq(products.productType, 'biblie')), [desc(products.salesCount)], SECTION_SIZE),
        cards(and(available, eq(products.productType, 'cadou')), [desc(products.salesCount)], SECTION_SIZE),
        cards(undefined, [desc(products.salesCount), desc(products.id)], SECTION_SIZE),
      ]);
      return [
        { id: 'new', products: fresh },
        { id: 'sale', products: sale },
        { id: 'bibles', products: bibles },
        { id: 'gifts', products: gifts },
        { id: 'bestsellers', products: best },
      ];
    },

    /** Throws a NOT_FOUND AppError when there is no such product. */
    async productById(id: number, lang: Language): Promise<ProductDetail> {
      return productWhere(eq(products.id, id), lang);
    },

    /**
     * The same authors' best sellers first, then the category's: chosen in the facet table (an author's
     * products ordered by sales were a scan of the sales index on a rare author), read as cards by id.
     */
    relatedProducts,

    /**
     * A product page's data, the product and its related products, in one call: a page rendered on a render
     * thread asks the main thread once instead of twice in turn, and does not send the product back.
     * Throws a NOT_FOUND AppError when there is no such product.
     */
    async productPage(slug: string, lang: Language): Promise<{ product: ProductDetail; related: ProductCard[] }> {
      const [row] = await detailBySlug.execute({ slug });
      const product = await toDetail(row, lang);
      return { product, related: await relatedProducts(product) };
    },

    /** The header's category menu, from the category tree kept in memory. */
    async categoryMenu(lang: Language): Promise<MenuCategory[]> {
      const menu = await menuCache.get('menu', async () => {
        const tree = await directory.tree();
        const build = (l: Language): MenuCategory[] =>
          (tree.children.get(null) ?? []).map((top) => ({
            slug: top.slug,
            name: categoryName(top, l),
            children: (tree.children.get(top.id) ?? []).map((c) => ({ slug: c.slug, name: categoryName(c, l) })),
          }));
        return { ro: build('ro'), en: build('en') };
      });
      return menu[lang];
    },

    /** A category with its path from the top, for listings (null when there is no such category). */
    async category(slug: string, lang: Language) {
      const tree = await directory.tree();
      const row = tree.bySlug.get(slug);
      if (!row) return null;
      const path = ancestry(tree, row.id).map((c) => ({ slug: c.slug, name: categoryName(c, lang) }));
      return { slug: row.slug, name: categoryName(row, lang), path };
    },

    /** What a generated cover needs to know about its product. */
    async coverInfo(sku: string) {
      const [row] = await db
        .select({ title: products.title, authors: products.authors, productType: products.productType })
        .from(products)
        .where(eq(products.sku, sku))
        .limit(1);
      return row ?? null;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
