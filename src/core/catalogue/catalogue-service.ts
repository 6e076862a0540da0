import { and, arrayOverlaps, desc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import type { HomeSection, MenuCategory, ProductCard, ProductDetail } from '../../contracts/catalogue';
import type { Language } from '../../contracts/preferences';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema';
import { type CardColumns, toCard } from './product-mappers';

const SECTION_SIZE = 8;
const RELATED_SIZE = 4;

const cardColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  authors: products.authors,
  images: products.images,
  sellingPrice: products.sellingPrice,
  specialPrice: products.specialPrice,
  isInStock: products.isInStock,
  quantity: products.quantity,
  productType: products.productType,
} satisfies Record<keyof CardColumns, unknown>;

const available = and(gt(products.quantity, 0), eq(products.isInStock, 1));

export function createCatalogueService(db: Db) {
  let menuCache: { ro: MenuCategory[]; en: MenuCategory[] } | null = null;

  async function cards(where: ReturnType<typeof and>, orderBy: ReturnType<typeof desc>[], limit: number) {
    const rows = await db
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map(toCard);
  }

  return {
    /** The home page's shelves, each a handful of products worth showing. */
    async homeSections(): Promise<HomeSection[]> {
      const [fresh, sale, bibles, gifts, best] = await Promise.all([
        cards(available, [desc(products.createdAt)], SECTION_SIZE),
        cards(and(available, isNotNull(products.specialPrice)), [desc(products.salesCount)], SECTION_SIZE),
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

    async productBySlug(slug: string, lang: Language): Promise<ProductDetail | null> {
      const [row] = await db
        .select({ product: products, category: categories })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(eq(products.slug, slug))
        .limit(1);
      if (!row) return null;
      const { product, category } = row;
      const parent = category.parentId
        ? (await db.select().from(categories).where(eq(categories.id, category.parentId)).limit(1))[0]
        : undefined;
      const name = (c: typeof category) => (lang === 'en' ? c.nameEn : c.name);
      const breadcrumbs = [
        ...(parent ? [{ name: name(parent), href: `/shop/${parent.slug}` }] : []),
        { name: name(category), href: `/shop/${category.slug}` },
      ];
      return {
        ...toCard(product),
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
        category: { slug: category.slug, name: name(category) },
        breadcrumbs,
      };
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

    /** The header's category menu; categories change rarely, so it is kept in memory. */
    async categoryMenu(lang: Language): Promise<MenuCategory[]> {
      if (!menuCache) {
        const rows = await db.select().from(categories).orderBy(categories.position);
        const build = (l: Language): MenuCategory[] =>
          rows
            .filter((c) => c.parentId === null)
            .map((top) => ({
              slug: top.slug,
              name: l === 'en' ? top.nameEn : top.name,
              children: rows
                .filter((c) => c.parentId === top.id)
                .map((c) => ({ slug: c.slug, name: l === 'en' ? c.nameEn : c.name })),
            }));
        menuCache = { ro: build('ro'), en: build('en') };
      }
      return menuCache[lang];
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
