import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminCategory,
  type AdminProduct,
  type AdminProductPage,
  type AdminProductQuery,
  type AdminProductRow,
  type AdminProductSort,
  buildPersonalizationForm,
  type CategoryActionInput,
  type ImportChange,
  type ImportPreview,
  type ImportValueColumn,
  type ProductFields,
  type ProductSaveInput,
} from '../../contracts/admin-catalogue';
import { AppError } from '../../contracts/errors';
import { sanitizeRichText } from '../../contracts/rich-text';
import { slugify } from '../../contracts/slug';
import { LOW_STOCK_THRESHOLD } from '../../contracts/staff';
import type { Db } from '../../db/client';
import { categories, type ProductRow, products } from '../../db/schema';
import { type Tx, withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit/audit';
import type { CacheRegistry } from '../cache/registry';
import type { CatalogueService } from '../catalogue/catalogue-service';
import { readImport } from './catalogue-import';

/** The product as the editor shows it and the audit trail records it. */
function toAdminProduct(p: ProductRow): AdminProduct {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    sku: p.sku,
    isbn: p.isbn,
    authors: p.authors,
    publisher: p.publisher,
    binding: p.binding,
    pages: p.pages,
    language: p.language,
    bibleTranslation: p.bibleTranslation,
    year: p.year,
    dimensions: p.dimensions,
    description: p.description,
    images: p.images,
    vatRate: p.vatRate,
    weightGrams: p.weightGrams,
    sellingPrice: p.sellingPrice,
    specialPrice: p.specialPrice,
    acquisitionPrice: p.acquisitionPrice,
    quantity: p.quantity,
    isInStock: p.isInStock !== 0,
    productType: p.productType as AdminProduct['productType'],
    categoryId: p.categoryId,
    hasPersonalization: p.hasPersonalization,
    personalizationRequired: p.personalizationRequired,
    personalizationForm: p.personalizationForm ?? null,
    archived: p.archivedAt !== null,
    createdAt: p.createdAt.toISOString(),
    referencePrice: p.referencePrice,
  };
}

/** The columns a save writes. */
function columnsOf(f: ProductFields) {
  const { isInStock, ...rest } = f;
  return { ...rest, isInStock: isInStock ? 1 : 0 };
}

/** What the editor's save becomes: the slug made from the title when blank, the HTML cleaned, the form built. */
export function productFieldsOf(input: ProductSaveInput): ProductFields {
  // The gallery's removals and new files were turned into `images` by the media service already.
  const { intent: _intent, personalization, slug, description, removeImages: _r, newImages: _n, ...fields } = input;
  const form = buildPersonalizationForm(personalization);
  return {
    ...fields,
    slug: slug ?? slugify(fields.title).slice(0, 200),
    description: sanitizeRichText(description),
    personalizationForm: form,
    hasPersonalization: fields.hasPersonalization && form !== null,
    personalizationRequired: fields.hasPersonalization && form !== null && fields.personalizationRequired,
  };
}

const SORTS: Record<Exclude<AdminProductSort, 'relevance'>, SQL[]> = {
  '-created': [desc(products.createdAt), desc(products.id)],
  created: [asc(products.createdAt), asc(products.id)],
  title: [asc(products.title), asc(products.id)],
  '-title': [desc(products.title), desc(products.id)],
  price: [asc(products.effectivePrice), asc(products.id)],
  '-price': [desc(products.effectivePrice), desc(products.id)],
  stock: [asc(products.quantity), asc(products.id)],
  '-stock': [desc(products.quantity), desc(products.id)],
};

/**
 * The back office's catalogue (issue 13 item 3). Every write is one transaction with its audit row; the
 * caches that show what changed are cleared after the commit (decision 012), so the shop shows it at once.
 */
export function createCatalogueAdmin(db: Db, catalogue: CatalogueService, caches: CacheRegistry) {
  async function productRow(tx: Tx | Db, id: number, lock = false): Promise<ProductRow> {
    const query = tx.select().from(products).where(eq(products.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.product' });
    return row;
  }

  /** Slug and SKU are unique: a field message rather than the database's refusal. */
  async function assertUnique(tx: Tx, fields: ProductFields, id: number | null): Promise<void> {
    const other = id === null ? undefined : ne(products.id, id);
    const taken = await tx
      .select({ slug: products.slug, sku: products.sku })
      .from(products)
      .where(and(or(eq(products.slug, fields.slug), eq(products.sku, fields.sku)), other));
    const errors: Record<string, string> = {};
    if (taken.some((t) => t.sku === fields.sku)) errors.sku = 'validation.adminCatalogue.skuTaken';
    if (taken.some((t) => t.slug === fields.slug)) errors.slug = 'validation.adminCatalogue.slugTaken';
    if (Object.keys(errors).length) throw new AppError('CONFLICT', { fields: errors });
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, fields.categoryId));
    if (!category) throw new AppError('VALIDATION', { fields: { categoryId: 'validation.adminCatalogue.category' } });
  }

  async function categoryRows(tx: Tx | Db) {
    return tx.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
  }

  /** The category and every one below it. */
  async function subtree(id: number): Promise<number[]> {
    const rows = await categoryRows(db);
    const ids = [id];
    for (let i = 0; i < ids.length; i++) for (const r of rows) if (r.parentId === ids[i]) ids.push(r.id);
    return ids;
  }

  function afterProductWrite(id: number) {
    caches.invalidate(`product:${id}`, 'products');
  }

  return {
    /** The product list: the shop's own search (archived products too), filters, sort and page in the database. */
    async list(query: AdminProductQuery): Promise<AdminProductPage> {
      const where: SQL[] = [];
      const match = query.q ? await catalogue.textMatch(query.q) : null;
      if (query.q && !match) where.push(sql`false`);
      if (match) where.push(match.where);
      if (query.category !== undefined) where.push(inArray(products.categoryId, await subtree(query.category)));
      if (query.stock === 'out') where.push(eq(products.isAvailable, false));
      if (query.stock === 'low')
        where.push(and(eq(products.isAvailable, true), lte(products.quantity, LOW_STOCK_THRESHOLD)) as SQL);
      if (query.stock === 'in')
        where.push(and(eq(products.isAvailable, true), gt(products.quantity, LOW_STOCK_THRESHOLD)) as SQL);
      if (query.archived === 'active') where.push(isNull(products.archivedAt));
      if (query.archived === 'archived') where.push(isNotNull(products.archivedAt));
      const condition = where.length ? and(...where) : undefined;
      const sort: AdminProductSort = query.sort ?? (match?.rank ? 'relevance' : '-created');
      const order =
        sort === 'relevance' && match?.rank
          ? [desc(match.rank), desc(products.salesCount), desc(products.id)]
          : SORTS[sort === 'relevance' ? '-created' : sort];
      const [{ total }] = await db.select({ total: count() }).from(products).where(condition);
      const lastPage = Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE));
      const rows = await db
        .select({
          id: products.id,
          sku: products.sku,
          isbn: products.isbn,
          title: products.title,
          slug: products.slug,
          category: categories.name,
          sellingPrice: products.sellingPrice,
          specialPrice: products.specialPrice,
          quantity: products.quantity,
          isInStock: products.isInStock,
          archivedAt: products.archivedAt,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(condition)
        .orderBy(...order)
        .limit(ADMIN_PRODUCTS_PAGE_SIZE)
        .offset((query.page - 1) * ADMIN_PRODUCTS_PAGE_SIZE);
      return {
        rows: rows.map(
          ({ archivedAt, isInStock, ...r }): AdminProductRow => ({
            ...r,
            isInStock: isInStock !== 0,
            archived: archivedAt !== null,
          }),
        ),
        total,
        page: query.page,
        lastPage,
        sort,
      };
    },

    async product(id: number): Promise<AdminProduct> {
      return toAdminProduct(await productRow(db, id));
    },

    async create(staffId: number, input: ProductSaveInput): Promise<number> {
      const fields = productFieldsOf(input);
      const id = await withTransaction(db, async (tx) => {
        await assertUnique(tx, fields, null);
        const [row] = await tx.insert(products).values(columnsOf(fields)).returning();
        await recordAudit(tx, {
          staffId,
          action: 'product.create',
          entity: 'product',
          entityId: row.id,
          before: null,
          after: toAdminProduct(row),
        });
        return row.id;
      });
      afterProductWrite(id);
      return id;
    },

    /**
     * Every field of a product. A price change goes through the same UPDATE the price-history triggers
     * (migrations 0004, 0005) watch, so the 30-day lowest price keeps its record.
     */
    async update(staffId: number, id: number, input: ProductSaveInput): Promise<void> {
      const fields = productFieldsOf(input);
      await withTransaction(db, async (tx) => {
        const before = await productRow(tx, id, true);
        await assertUnique(tx, fields, id);
        const [after] = await tx.update(products).set(columnsOf(fields)).where(eq(products.id, id)).returning();
        await recordAudit(tx, {
          staffId,
          action: 'product.update',
          entity: 'product',
          entityId: id,
          before: toAdminProduct(before),
          after: toAdminProduct(after),
        });
      });
      afterProductWrite(id);
    },

    /** The operator's part of the editor: the stock only. */
    async setStock(staffId: number, id: number, stock: { quantity: number; isInStock: boolean }): Promise<void> {
      await withTransaction(db, async (tx) => {
        const before = await productRow(tx, id, true);
        await tx
          .update(products)
          .set({ quantity: stock.quantity, isInStock: stock.isInStock ? 1 : 0 })
          .where(eq(products.id, id));
        await recordAudit(tx, {
          staffId,
          action: 'product.stock',
          entity: 'product',
          entityId: id,
          before: { quantity: before.quantity, isInStock: before.isInStock !== 0 },
          after: stock,
        });
      });
      afterProductWrite(id);
    },

    /** Archived: out of the shop (lists, search, its page, the cart), kept for orders and here. */
    async setArchived(staffId: number, id: number, archived: boolean): Promise<void> {
      await withTransaction(db, async (tx) => {
        const before = await productRow(tx, id, true);
        if ((before.archivedAt !== null) === archived) return;
        await tx
          .update(products)
          .set({ archivedAt: archived ? sql`now()` : null })
          .where(eq(products.id, id));
        await recordAudit(tx, {
          staffId,
          action: archived ? 'product.archive' : 'product.unarchive',
          entity: 'product',
          entityId: id,
          before: { archived: !archived },
          after: { archived },
        });
      });
      afterProductWrite(id);
    },

    // --- Categories ---

    /** The tree in menu order, depth first, with each category's own product count. */
    async categories(): Promise<AdminCategory[]> {
      const rows = await categoryRows(db);
      const counts = await db
        .select({ id: products.categoryId, n: count() })
        .from(products)
        .groupBy(products.categoryId);
      const productsOf = new Map(counts.map((c) => [c.id, c.n]));
      const out: AdminCategory[] = [];
      const walk = (parentId: number | null, depth: number) => {
        for (const r of rows.filter((c) => c.parentId === parentId)) {
          out.push({
            ...r,
            depth,
            products: productsOf.get(r.id) ?? 0,
            children: rows.filter((c) => c.parentId === r.id).length,
          });
          walk(r.id, depth + 1);
        }
      };
      walk(null, 0);
      return out;
    },

    async categoryAction(staffId: number, input: CategoryActionInput): Promise<void> {
      await withTransaction(db, async (tx) => {
        const rows = await categoryRows(tx);
        const find = (id: number) => {
          const row = rows.find((r) => r.id === id);
          if (!row) throw new AppError('NOT_FOUND');
          return row;
        };
        const audit = (action: string, entityId: number, before: unknown, after: unknown) =>
          recordAudit(tx, { staffId, action: `category.${action}`, entity: 'category', entityId, before, after });
        const checkParent = (parentId: number | null, self: number | null) => {
          if (parentId === null) return;
          if (!rows.some((r) => r.id === parentId))
            throw new AppError('VALIDATION', { fields: { parentId: 'validation.adminCatalogue.parent' } });
          // Not under itself or one of its own descendants: the tree would lose a branch in a loop.
          for (let p: number | null = parentId; p !== null; p = rows.find((r) => r.id === p)?.parentId ?? null)
            if (p === self)
              throw new AppError('VALIDATION', { fields: { parentId: 'validation.adminCatalogue.loop' } });
        };
        const lastPosition = (parentId: number | null) =>
          Math.max(-1, ...rows.filter((r) => r.parentId === parentId).map((r) => r.position)) + 1;
        switch (input.intent) {
          case 'create': {
            const slug = input.slug ?? slugify(input.name).slice(0, 80);
            if (!slug) throw new AppError('VALIDATION', { fields: { slug: 'validation.adminCatalogue.slug' } });
            if (rows.some((r) => r.slug === slug))
              throw new AppError('CONFLICT', { fields: { slug: 'validation.adminCatalogue.slugTaken' } });
            checkParent(input.parentId, null);
            const [row] = await tx
              .insert(categories)
              .values({
                slug,
                name: input.name,
                nameEn: input.nameEn,
                parentId: input.parentId,
                position: lastPosition(input.parentId),
              })
              .returning();
            await audit('create', row.id, null, row);
            return;
          }
          case 'rename': {
            const before = find(input.id);
            await tx
              .update(categories)
              .set({ name: input.name, nameEn: input.nameEn })
              .where(eq(categories.id, input.id));
            await audit(
              'rename',
              input.id,
              { name: before.name, nameEn: before.nameEn },
              { name: input.name, nameEn: input.nameEn },
            );
            return;
          }
          case 'move': {
            const before = find(input.id);
            checkParent(input.parentId, input.id);
            if (before.parentId === input.parentId) return;
            await tx
              .update(categories)
              .set({ parentId: input.parentId, position: lastPosition(input.parentId) })
              .where(eq(categories.id, input.id));
            await audit('move', input.id, { parentId: before.parentId }, { parentId: input.parentId });
            return;
          }
          case 'up':
          case 'down': {
            const row = find(input.id);
            const siblings = rows.filter((r) => r.parentId === row.parentId);
            const i = siblings.findIndex((r) => r.id === row.id);
            const j = input.intent === 'up' ? i - 1 : i + 1;
            if (j < 0 || j >= siblings.length) return;
            [siblings[i], siblings[j]] = [siblings[j], siblings[i]];
            // Positions renumbered 0, 1, 2…: old rows may share a position (the seed's 0).
            for (const [position, s] of siblings.entries())
              if (s.position !== position) await tx.update(categories).set({ position }).where(eq(categories.id, s.id));
            await audit('reorder', row.id, { position: i }, { position: j });
            return;
          }
          case 'delete': {
            const row = find(input.id);
            const [{ n }] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, row.id));
            if (n > 0 || rows.some((r) => r.parentId === row.id))
              throw new AppError('CONFLICT', { messageKey: 'validation.adminCatalogue.categoryNotEmpty' });
            await tx.delete(categories).where(eq(categories.id, row.id));
            await audit('delete', row.id, row, null);
            return;
          }
        }
      });
      caches.invalidate('categories', 'products');
    },

    // --- The stock / price CSV import ---

    /** What the CSV would change, product by product, and every bad line; nothing is written. */
    async previewImport(csv: string, allowed: readonly ImportValueColumn[]): Promise<ImportPreview> {
      return withTransaction(db, (tx) => planImport(tx, csv, allowed));
    },

    /**
     * Applies the CSV in one transaction, re-read inside it (the rows locked): all of it, or nothing when any
     * line is bad. One audit row per changed product (`product.import`), each with its old and new values.
     */
    async applyImport(staffId: number, csv: string, allowed: readonly ImportValueColumn[]): Promise<ImportPreview> {
      const plan = await withTransaction(db, async (tx) => {
        const planned = await planImport(tx, csv, allowed, true);
        if (planned.problems.length) return planned;
        for (const change of planned.changes) {
          await tx.update(products).set(change.after).where(eq(products.id, change.id));
          await recordAudit(tx, {
            staffId,
            action: 'product.import',
            entity: 'product',
            entityId: change.id,
            before: change.before,
            after: change.after,
          });
        }
        return planned;
      });
      if (!plan.problems.length && plan.changes.length)
        caches.invalidate('products', ...plan.changes.map((c) => `product:${c.id}` as const));
      return plan;
    },
  };
}

/** The import's lines matched with their products: the changes and the problems (unknown products, a special price not below the price). */
async function planImport(
  tx: Tx,
  csv: string,
  allowed: readonly ImportValueColumn[],
  lock = false,
): Promise<ImportPreview> {
  const { lines, problems } = readImport(csv, allowed);
  const P = 'validation.adminCatalogue.import';
  const skus = lines.filter((l) => l.key.column === 'sku').map((l) => l.key.value);
  const isbns = lines.filter((l) => l.key.column === 'isbn').map((l) => l.key.value);
  const found: ProductRow[] = [];
  // Chunks: a parameter list of tens of thousands would pass the drivers' limits.
  for (const [column, values] of [
    [products.sku, skus],
    [products.isbn, isbns],
  ] as const) {
    for (let i = 0; i < values.length; i += 1000) {
      const query = tx
        .select()
        .from(products)
        .where(inArray(column, values.slice(i, i + 1000)))
        .orderBy(asc(products.id));
      found.push(...(lock ? await query.for('update') : await query));
    }
  }
  const bySku = new Map(found.map((p) => [p.sku, p]));
  const byIsbn = new Map<string, ProductRow[]>();
  for (const p of found) if (p.isbn) byIsbn.set(p.isbn, [...(byIsbn.get(p.isbn) ?? []), p]);
  const changes: ImportChange[] = [];
  let unchanged = 0;
  for (const line of lines) {
    const matches =
      line.key.column === 'sku'
        ? [bySku.get(line.key.value)].filter((p) => p !== undefined)
        : (byIsbn.get(line.key.value) ?? []);
    if (matches.length !== 1) {
      problems.push({
        line: line.line,
        reason: `${P}.${matches.length ? 'ambiguous' : 'unknown'}`,
        value: line.key.value,
      });
      continue;
    }
    const p = matches[0];
    const before: ImportChange['before'] = {};
    const after: ImportChange['after'] = {};
    if (line.quantity !== undefined && line.quantity !== p.quantity) {
      before.quantity = p.quantity;
      after.quantity = line.quantity;
    }
    if (line.sellingPrice !== undefined && line.sellingPrice !== p.sellingPrice) {
      before.sellingPrice = p.sellingPrice;
      after.sellingPrice = line.sellingPrice;
    }
    if (line.specialPrice !== undefined && line.specialPrice !== p.specialPrice) {
      before.specialPrice = p.specialPrice;
      after.specialPrice = line.specialPrice;
    }
    const selling = line.sellingPrice ?? p.sellingPrice;
    const special = line.specialPrice === undefined ? p.specialPrice : line.specialPrice;
    const pricesTouched = line.sellingPrice !== undefined || line.specialPrice !== undefined;
    if (pricesTouched && special !== null && special >= selling) {
      problems.push({ line: line.line, reason: `${P}.specialPrice` });
      continue;
    }
    if (Object.keys(after).length)
      changes.push({ line: line.line, id: p.id, sku: p.sku, title: p.title, before, after });
    else unchanged++;
  }
  problems.sort((a, b) => a.line - b.line);
  return { changes, unchanged, problems };
}

export type CatalogueAdmin = ReturnType<typeof createCatalogueAdmin>;
