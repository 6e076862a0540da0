import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import {
  type AddLineInput,
  CART_MAX_AGE_S,
  type CartOwner,
  type CartLineView,
  type CartView,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type StockCheckItem,
  type StockProblem,
} from '../../contracts/cart';
import { drawnCoverPath, isOutOfStock } from '../../contracts/catalogue';
import { AppError } from '../../contracts/errors';
import { type Bani, effectivePrice, isVatRate } from '../../contracts/money';
import {
  checkPersonalization,
  normalizePersonalization,
  personalizationKey,
  personalizationPrice,
  personalizationSummary,
  personalizationUploadIds,
  type PersonalizationValues,
} from '../../contracts/personalization';
import type { Language } from '../../contracts/preferences';
import type { Db } from '../../db/client';
import { cartLines, carts, categories, products } from '../../db/schema';
import { queryRows } from '../../db/raw';
import { type DbOrTx, type Tx, withTransaction } from '../../db/transaction';
import type { Logger } from '../logger';
import { priceCartView } from './cart-view';

export type { CartOwner };

/** What a write answers: the cart's new token when it had to make a guest cart (the route sets the cookie). */
export interface CartWrite {
  issuedToken: string | null;
}

export interface CartOptions {
  /**
   * SPEC §9: bani; free GLS home delivery in Romania from this cart total (the carrier's free_shipping_minimum),
   * or how to read it (the shipping service's rates, which the back office changes); 0 = no meter.
   */
  freeShippingMinimum: Bani | (() => Promise<Bani | null>);
  /**
   * The header counters are kept in memory between cart writes. Only where this process is the database's one
   * writer (the embedded PGlite): another instance's write would leave this copy stale.
   */
  countsInMemory?: boolean;
}

/** At most this many counters kept; past it they are all forgotten (each costs one query to learn again). */
const MAX_COUNTS_IN_MEMORY = 50_000;

const DAY_MS = 86_400_000;

/**
 * An add moves the cart's `updated_at` (what the 90-day cleanup reads) at most this often: writing it at every
 * add made each one a new version of the cart's row and of its three index entries, the costliest part of the
 * statement. The row is still locked, so concurrent adds to one cart take their turns (the line limit holds).
 */
const TOUCH_EVERY_MS = 3_600_000;

/** The cart row's id: the SHA-256 of the cookie's token, so the database never holds a usable cookie. */
export function cartIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

type LineWrite = CartWrite & { lineId: number; quantity: number };

/** What the one-statement add did: the write, or nothing (no cart yet, or the product needs the full checks). */
type QuickAdd = { done: true; write: LineWrite } | { done: false };

interface QuickAddRow {
  product_id: number | null;
  is_in_stock: number | null;
  stock: number | null;
  personalization_required: boolean | null;
  cart_id: string | null;
  line_id: number | null;
  quantity: number | null;
}

const lineNotFound = () => new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.cartLine' });

/** The server-side cart (issue 10, decision 016): lines priced from the catalogue whenever they are read. */
export function createCartService(db: Db, options: CartOptions) {
  // `GET /api/session` asks for the counter on every page view (issue 10: p99 ≤ 10 ms at 10 connections);
  // on PGlite the query alone took half of that. Any cart write forgets every counter: exact, and cheap
  // because page views far outnumber cart writes.
  const counts = options.countsInMemory ? new Map<string, number>() : null;
  // A count read while a write was under way may be the old one: it is kept only if no write ended meanwhile.
  let writesEnded = 0;
  const countsChanged = () => {
    writesEnded += 1;
    counts?.clear();
  };
  /** Runs a cart write, then forgets the counters, whether or not it succeeded. */
  async function writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      countsChanged();
    }
  }
  /** The condition on `carts` that picks the owner's cart; null when a guest has no token. */
  function ownerCart(owner: CartOwner): SQL | null {
    if (owner.clientId !== null) return eq(carts.clientId, owner.clientId);
    if (!owner.token) return null;
    return and(eq(carts.id, cartIdOf(owner.token)), isNull(carts.clientId)) ?? null;
  }

  /** The owner's existing cart id, or null. */
  async function findCartId(q: DbOrTx, owner: CartOwner): Promise<string | null> {
    if (owner.clientId !== null) {
      const [row] = await q.select({ id: carts.id }).from(carts).where(eq(carts.clientId, owner.clientId));
      return row?.id ?? null;
    }
    if (!owner.token) return null;
    const [row] = await q
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, cartIdOf(owner.token)), isNull(carts.clientId)));
    return row?.id ?? null;
  }

  /**
   * The owner's cart, made when missing; a guest gets a fresh token rather than one the browser chose. An
   * existing cart is found and touched in one statement.
   */
  async function ensureCart(tx: Tx, owner: CartOwner): Promise<{ cartId: string; issuedToken: string | null }> {
    const whose = ownerCart(owner);
    if (whose) {
      const [existing] = await tx.update(carts).set({ updatedAt: new Date() }).where(whose).returning({ id: carts.id });
      if (existing) return { cartId: existing.id, issuedToken: null };
    }
    const token = newToken();
    if (owner.clientId !== null) {
      // Two first writes of one client at once: the partial unique index keeps one cart, both use it.
      await tx
        .insert(carts)
        .values({ id: cartIdOf(token), clientId: owner.clientId })
        .onConflictDoNothing({ target: carts.clientId, where: sql`client_id is not null` });
      const id = await findCartId(tx, owner);
      if (!id) throw new Error('client cart missing after insert');
      return { cartId: id, issuedToken: null };
    }
    await tx.insert(carts).values({ id: cartIdOf(token) });
    return { cartId: cartIdOf(token), issuedToken: token };
  }

  /**
   * Adds to the owner's existing cart in one statement: the cart is locked and touched (TOUCH_EVERY_MS), checked
   * against MAX_CART_LINES (a full cart still takes more pieces of a line it has, but no new line) and the line
   * added up, capped at 99 and the stock, so concurrent adds never lose a piece. `checked: false` (no personalisation given) also
   * reads the product there and writes only when it may be added without one: in stock (the rule of
   * `isOutOfStock`) and no personalisation required; the caller then decides from the facts it answers.
   */
  async function addInOneStatement(
    q: DbOrTx,
    owner: CartOwner,
    productId: number,
    quantity: number,
    personalization: PersonalizationValues | null,
    key: string,
    checked: boolean,
  ): Promise<QuickAdd> {
    const whose = ownerCart(owner);
    const now = new Date();
    const guard = checked
      ? sql`true`
      : sql`product.is_in_stock <> 0 and product.quantity > 0 and not product.personalization_required`;
    const [row] = await queryRows<QuickAddRow>(
      q,
      sql`
      with product as (
        select id, is_in_stock, quantity, personalization_required from products where id = ${productId}
      ), cart as (
        select id from carts
        where ${whose ?? sql`false`} and exists (select 1 from product where ${guard})
        for update
      ), touched as (
        update carts set updated_at = ${now}
        where id = (select id from cart) and updated_at < ${new Date(now.getTime() - TOUCH_EVERY_MS)}
      ), added as (
        insert into cart_lines (cart_id, product_id, quantity, personalization, personalization_key)
        select cart.id, product.id, least(${quantity}, ${MAX_LINE_QUANTITY}, greatest(product.quantity, 1)),
               ${personalization === null ? null : JSON.stringify(personalization)}::jsonb, ${key}
        from cart, product
        where (select count(*) from cart_lines l where l.cart_id = cart.id) < ${MAX_CART_LINES}
           or exists (select 1 from cart_lines l
                      where l.cart_id = cart.id and l.product_id = product.id and l.personalization_key = ${key})
        on conflict (cart_id, product_id, personalization_key) do update
        set quantity = least(cart_lines.quantity + ${quantity}, ${MAX_LINE_QUANTITY},
              greatest((select quantity from products where id = ${productId}), 1))
        returning id, quantity
      )
      select product.id as product_id, product.is_in_stock, product.quantity as stock,
             product.personalization_required, (select id from cart) as cart_id,
             added.id as line_id, added.quantity
      from (select 1) as one left join product on true left join added on true`,
    );
    if (row.product_id === null) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.product' });
    const product = { isInStock: row.is_in_stock ?? 0, quantity: row.stock ?? 0 };
    if (!checked && (isOutOfStock(product) || row.personalization_required)) return { done: false };
    if (!row.cart_id) return { done: false };
    if (row.line_id === null || row.quantity === null) {
      throw new AppError('VALIDATION', { messageKey: 'validation.cart.tooManyLines' });
    }
    return { done: true, write: { issuedToken: null, lineId: row.line_id, quantity: row.quantity } };
  }

  async function productForCart(productId: number) {
    const [product] = await db
      .select({
        id: products.id,
        isInStock: products.isInStock,
        quantity: products.quantity,
        personalizationRequired: products.personalizationRequired,
        hasPersonalization: products.hasPersonalization,
        form: products.personalizationForm,
      })
      .from(products)
      // An archived product is no longer sold (issue 13): as if it did not exist.
      .where(and(eq(products.id, productId), isNull(products.archivedAt)));
    if (!product) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.product' });
    if (isOutOfStock(product)) {
      throw new AppError('VALIDATION', {
        fields: { quantity: 'validation.cart.outOfStock' },
        messageKey: 'validation.cart.outOfStock',
      });
    }
    return product;
  }

  /** The owner's lines, found through the cart in the same statement (the cart page and every write's answer). */
  async function lines(whose: SQL, lang: Language): Promise<CartLineView[]> {
    const rows = await db
      .select({
        id: cartLines.id,
        productId: products.id,
        slug: products.slug,
        sku: products.sku,
        title: products.title,
        // Only the picture a line shows: a product may have several.
        image: sql<string | null>`${products.images}[1]`,
        category: lang === 'en' ? categories.nameEn : categories.name,
        productType: products.productType,
        quantity: cartLines.quantity,
        sellingPrice: products.sellingPrice,
        specialPrice: products.specialPrice,
        vatRate: products.vatRate,
        isInStock: products.isInStock,
        stock: products.quantity,
        personalization: cartLines.personalization,
        form: products.personalizationForm,
      })
      .from(carts)
      .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
      .innerJoin(products, eq(products.id, cartLines.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(whose)
      .orderBy(cartLines.id);
    return rows.map((row) => {
      const unitPrice = effectivePrice(row);
      const perUnit = personalizationPrice(row.form, row.personalization ?? {});
      const out = isOutOfStock({ isInStock: row.isInStock, quantity: row.stock });
      if (!isVatRate(row.vatRate)) throw new Error(`product ${row.productId} has VAT rate ${row.vatRate}`);
      return {
        id: row.id,
        productId: row.productId,
        slug: row.slug,
        sku: row.sku,
        title: row.title,
        image: row.image ?? drawnCoverPath(row.sku),
        category: row.category,
        productType: row.productType,
        quantity: row.quantity,
        unitPrice,
        regularPrice: row.sellingPrice,
        personalizationPrice: perUnit,
        personalization: row.personalization,
        personalizationSummary: personalizationSummary(row.form, row.personalization),
        lineTotal: (unitPrice + perUnit) * row.quantity,
        vatRate: row.vatRate,
        stock: out ? 0 : row.stock,
        stockProblem: out ? 'noQtyAvailable' : row.stock < row.quantity ? 'available' : null,
      };
    });
  }

  /** The priced cart: totals from `priceCart` (contracts/money), never from what the browser sent. */
  const priced = async (lineViews: CartLineView[]) => {
    const minimum = options.freeShippingMinimum;
    return priceCartView(lineViews, typeof minimum === 'number' ? minimum : ((await minimum()) ?? 0));
  };

  async function deleteAbandoned(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - CART_MAX_AGE_S * 1000);
    const gone = await writing(() =>
      db
        .delete(carts)
        .where(and(isNull(carts.clientId), lt(carts.updatedAt, before)))
        .returning({ id: carts.id }),
    );
    return gone.length;
  }

  return {
    async view(owner: CartOwner, lang: Language = 'ro'): Promise<CartView> {
      const whose = ownerCart(owner);
      return priced(whose ? await lines(whose, lang) : []);
    },

    /** Pieces in the cart, for the header counter: one small query. */
    async count(owner: CartOwner): Promise<number> {
      const whose = ownerCart(owner);
      if (!whose) return 0;
      const key = owner.clientId !== null ? `client:${owner.clientId}` : `guest:${owner.token}`;
      const known = counts?.get(key);
      if (known !== undefined) return known;
      const before = writesEnded;
      // One statement: the header asks on every page load.
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
        .from(carts)
        .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
        .where(whose);
      const n = row?.n ?? 0;
      if (counts && before === writesEnded) {
        if (counts.size >= MAX_COUNTS_IN_MEMORY) counts.clear();
        counts.set(key, n);
      }
      return n;
    },

    /**
     * Adds pieces of a product (with its personalisation, when given). The same product with the same
     * personalisation adds up on one line, capped at 99 and at the stock, in one statement, so concurrent
     * adds never lose a piece or pass the cap.
     */
    async addLine(owner: CartOwner, input: AddLineInput): Promise<LineWrite> {
      const given = input.personalization ?? {};
      if (Object.keys(given).length === 0) {
        // The common add (a book, no engraving) to a cart the shopper has: one statement (issue 10: add to cart
        // p99 ≤ 40 ms on PGlite, where each statement costs the one thread about half a millisecond).
        const quick = await writing(() =>
          addInOneStatement(db, owner, input.productId, input.quantity, null, '', false),
        );
        if (quick.done) return quick.write;
      }
      const product = await productForCart(input.productId);
      if (Object.keys(given).length > 0 && !product.hasPersonalization) {
        throw new AppError('VALIDATION', { fields: { personalization: 'validation.cart.notPersonalisable' } });
      }
      // The personalisation contract's rules (required inputs, lengths, options), then its canonical values.
      const problems = checkPersonalization(product.form, product.personalizationRequired, given);
      if (Object.keys(problems).length > 0) {
        throw new AppError('VALIDATION', { fields: problems, messageKey: 'validation.cart.personalizationRequired' });
      }
      const values = normalizePersonalization(product.form, product.personalizationRequired, given);
      const key = personalizationKey(values);
      if (product.personalizationRequired && key === '') {
        throw new AppError('VALIDATION', {
          fields: { personalization: 'validation.cart.personalizationRequired' },
          messageKey: 'validation.cart.personalizationRequired',
        });
      }
      const personalization = key === '' ? null : values;
      return writing(async () => {
        const existing = await addInOneStatement(db, owner, product.id, input.quantity, personalization, key, true);
        if (existing.done) return existing.write;
        // No cart yet: make it, then the same statement.
        return withTransaction(db, async (tx) => {
          const { issuedToken } = await ensureCart(tx, owner);
          const owned = issuedToken ? { token: issuedToken, clientId: owner.clientId } : owner;
          const added = await addInOneStatement(tx, owned, product.id, input.quantity, personalization, key, true);
          if (!added.done) throw new Error('cart missing after it was made');
          return { ...added.write, issuedToken };
        });
      });
    },

    /** Sets a line's quantity: 1..99 and at most what is in stock. */
    async setQuantity(owner: CartOwner, lineId: number, quantity: number): Promise<void> {
      const cartId = await findCartId(db, owner);
      if (!cartId) throw lineNotFound();
      const [line] = await db
        .select({ productId: cartLines.productId })
        .from(cartLines)
        .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
      if (!line) throw lineNotFound();
      const product = await productForCart(line.productId);
      if (quantity > product.quantity) {
        throw new AppError('VALIDATION', {
          fields: { quantity: 'validation.cart.notEnoughStock' },
          messageKey: 'validation.cart.notEnoughStock',
        });
      }
      await writing(() =>
        withTransaction(db, async (tx) => {
          await tx
            .update(cartLines)
            .set({ quantity })
            .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)));
          await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
        }),
      );
    },

    async removeLine(owner: CartOwner, lineId: number): Promise<void> {
      const cartId = await findCartId(db, owner);
      if (!cartId) throw lineNotFound();
      const removed = await writing(() =>
        db
          .delete(cartLines)
          .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
          .returning({ id: cartLines.id }),
      );
      if (removed.length === 0) throw lineNotFound();
    },

    /** Empties the owner's cart as one step of the caller's transaction (an order that was just placed). */
    async clearWithin(tx: Tx, owner: CartOwner): Promise<void> {
      const whose = ownerCart(owner);
      if (!whose) return;
      await writing(() =>
        tx.delete(cartLines).where(inArray(cartLines.cartId, tx.select({ id: carts.id }).from(carts).where(whose))),
      );
    },

    async clear(owner: CartOwner): Promise<void> {
      const cartId = await findCartId(db, owner);
      if (cartId) await writing(() => db.delete(cartLines).where(eq(cartLines.cartId, cartId)));
    },

    /**
     * At login: the guest cart's lines join the client's cart (the same product with the same personalisation
     * adds up, capped at 99 and at the stock) and the guest cart is deleted. Nothing happens without one.
     */
    async mergeGuestCart(guestToken: string | null, clientId: number): Promise<void> {
      if (!guestToken) return;
      await writing(() =>
        withTransaction(db, async (tx) => {
          const guestId = await findCartId(tx, { token: guestToken, clientId: null });
          if (!guestId) return;
          const { cartId } = await ensureCart(tx, { token: null, clientId });
          await tx.execute(sql`
          insert into cart_lines (cart_id, product_id, quantity, personalization, personalization_key)
          select ${cartId}, l.product_id, least(l.quantity, ${MAX_LINE_QUANTITY}, greatest(p.quantity, 1)),
                 l.personalization, l.personalization_key
          from cart_lines l join products p on p.id = l.product_id
          where l.cart_id = ${guestId}
          on conflict (cart_id, product_id, personalization_key) do update
          set quantity = least(cart_lines.quantity + excluded.quantity, ${MAX_LINE_QUANTITY},
                greatest((select quantity from products where id = excluded.product_id), 1))`);
          await tx.delete(carts).where(eq(carts.id, guestId));
        }),
      );
    },

    /** Upload ids the cart lines still hold (the personalisation area's sweep keeps these files). */
    async referencedUploadIds(): Promise<string[]> {
      const rows = await db
        .select({ values: cartLines.personalization, form: products.personalizationForm })
        .from(cartLines)
        .innerJoin(products, eq(products.id, cartLines.productId))
        .where(sql`${cartLines.personalizationKey} <> ''`);
      return [...new Set(rows.flatMap((r) => personalizationUploadIds(r.form, r.values ?? {})))];
    },

    /** SPEC §7 stock check: the items that cannot be had in the requested quantity (empty = all in stock). */
    async checkStock(items: readonly StockCheckItem[]): Promise<StockProblem[]> {
      if (items.length === 0) return [];
      const ids = [...new Set(items.map((i) => i.id))];
      const rows = await db
        .select({ id: products.id, isInStock: products.isInStock, quantity: products.quantity })
        .from(products)
        // An archived product has no stock to sell.
        .where(and(inArray(products.id, ids), isNull(products.archivedAt)));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const problems: StockProblem[] = [];
      for (const item of items) {
        const row = byId.get(item.id);
        const stock = row && !isOutOfStock(row) ? row.quantity : 0;
        if (stock >= item.requested_quantity) continue;
        problems.push({ id: item.id, available: stock > 0, available_stock: stock });
      }
      return problems;
    },

    /** Deletes guest carts untouched for 90 days (their cookie has expired); answers how many went. */
    deleteAbandoned,

    /** Runs the cleanup now and then every `everyMs` (a day by default); the timer never keeps the process up. */
    startCleanup(log: Logger, everyMs = DAY_MS): () => void {
      const run = () =>
        deleteAbandoned().then(
          (n) => n > 0 && log.info({ carts: n }, 'abandoned guest carts deleted'),
          (err: unknown) => log.error({ err }, 'cart cleanup failed'),
        );
      void run();
      const timer = setInterval(run, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
