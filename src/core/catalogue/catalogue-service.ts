import { and, arrayOverlaps, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { HomeSection, MenuCategory, ProductCard, ProductDetail } from '../../contracts/catalogue';
import { AppError } from '../../contracts/errors';
import type { Language } from '../../contracts/preferences';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema';
import { ancestry, categoryName, createCategoryDirectory } from './category-directory';
import { createListing } from './listing';
import { cardColumns, toCard } from './product-mappers';

const SECTION_SIZE = 8;
const RELATED_SIZE = 4;

const available = eq(products.isAvailable, true);

export function createCatalogueService(db: Db) {
  const directory = createCategoryDirectory(db);
  let menuCache: { ro: MenuCategory[]; en: MenuCategory[] } | null = null;

  async function cards(where: SQL | undefined, orderBy: SQL[], limit: number) {
    const rows = await db
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map(toCard);
  }

  async function productWhere(where: SQL, lang: Language): Promise<ProductDetail> {
    const [row] = await db.select({ card: cardColumns, product: products }).from(products).where(where).limit(1);
    if (!row) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.product' });
    const { product } = row;
    const tree = await directory.tree();
    const path = ancestry(tree, product.categoryId);
    const category = path[path.length - 1];
    return {
      ...toCard(row.card),
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
      images: product.images,
      quantity: product.quantity,
      hasPersonalization: product.hasPersonalization,
      personalizationRequired: product.personalizationRequired,
      category: { slug: category.slug, name: categoryName(category, lang) },
      breadcrumbs: path.map((c) => ({ name: categoryName(c, lang), href: `/shop/${c.slug}` })),
    };
  }

  return {
    ...createListing(db, directory),

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
    async productBySlug(slug: string, lang: Language): Promise<ProductDetail> {
      return productWhere(eq(products.slug, slug), lang);
    },

    /** Throws a NOT_FOUND AppError when there is no such product. */
    async productById(id: number, lang: Language): Promise<ProductDetail> {
      return productWhere(eq(products.id, id), lang);
    },

    /** Same author first, then the best sellers of the same category. */
    async relatedProducts(product: Pick<ProductDetail, 'id' | 'authors' | 'category'>): Promise<ProductCard[]> {
      const byAuthor = product.authors.length
        ? await cards(
            and(ne(products.id, product.id), arrayOverlaps(products.authors, product.authors)),
            [desc(products.salesCount)],
            RELATED_SIZE,
          )
        : [];
      if (byAuthor.length >= RELATED_SIZE) return byAuthor;
      const seen = new Set([product.id, ...byAuthor.map((p) => p.id)]);
      const sameCategory = await cards(
        and(
          sql`${products.categoryId} = (select id from ${categories} where ${categories.slug} = ${product.category.slug})`,
          ne(products.id, product.id),
        ),
        [desc(products.salesCount)],
        RELATED_SIZE * 2,
      );
      return [...byAuthor, ...sameCategory.filter((p) => !seen.has(p.id))].slice(0, RELATED_SIZE);
    },

    /** The header's category menu, from the category tree kept in memory. */
    async categoryMenu(lang: Language): Promise<MenuCategory[]> {
      if (!menuCache) {
        const tree = await directory.tree();
        const build = (l: Language): MenuCategory[] =>
          (tree.children.get(null) ?? []).map((top) => ({
            slug: top.slug,
            name: categoryName(top, l),
            children: (tree.children.get(top.id) ?? []).map((c) => ({ slug: c.slug, name: categoryName(c, l) })),
          }));
        menuCache = { ro: build('ro'), en: build('en') };
      }
      return menuCache[lang];
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
