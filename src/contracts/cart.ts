import { z } from 'zod';
import type { VatBreakdown } from './money';
import { numericIdSchema } from './pagination';
import { MAX_LINE_QUANTITY } from './cart-values';
import { personalizationFormEntriesSchema, personalizationSummarySchema } from './personalization';

export * from './cart-values';

/** The cart cookie (issue 10, decision 016): a random token; the server keeps only its SHA-256. */
export const CART_COOKIE = 'cart';
/** 90 days, renewed by each write; guest carts untouched for as long are deleted. */
export const CART_MAX_AGE_S = 90 * 24 * 60 * 60;
/** A cart holds at most this many lines, so a script cannot grow one without bound. */
export const MAX_CART_LINES = 100;

/**
 * SPEC §9: GLS home delivery in Romania (carrier 4, flat 19 lei) is free from the carrier's
 * `free_shipping_minimum`. Until the checkout issue seeds the carriers, this constant stands for it
 * (200 lei, a demo value): the cart page's free-shipping meter reads it through the cart service.
 */
export const GLS_DOMESTIC_FREE_SHIPPING_MINIMUM = 20_000;

/** The `Set-Cookie` value of the cart cookie; Secure when the shop is served over https. */
export function cartCookie(token: string, secure: boolean): string {
  return `${CART_COOKIE}=${token}; Path=/; Max-Age=${CART_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** A cart token as the server issues it (32 random bytes, base64url); anything else is no cart. */
export const CART_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The cart token out of a Cookie header, or null. */
export function cartTokenFromCookies(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== CART_COOKIE) continue;
    const value = rest.join('=');
    return CART_TOKEN_PATTERN.test(value) ? value : null;
  }
  return null;
}

const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

export const lineQuantitySchema = z.preprocess(
  blankAsMissing,
  z.coerce
    .number({ error: 'validation.cart.quantity' })
    .int({ error: 'validation.cart.quantity' })
    .min(1, { error: 'validation.cart.quantity' })
    .max(MAX_LINE_QUANTITY, { error: 'validation.cart.quantity' }),
);

const idSchema = z.preprocess(
  blankAsMissing,
  z.coerce
    .number({ error: 'validation.id' })
    .int({ error: 'validation.id' })
    .min(1, { error: 'validation.id' })
    .max(2_147_483_647, { error: 'validation.id' }),
);

/**
 * Where a page form goes back to after its plain POST: a path on this shop only (never `//host` or
 * `/\host`, which browsers read as another site).
 */
export const redirectToSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\]*$/)
  .optional()
  .catch(undefined);

/** The one cart action of the pages (`/pages/cart`, Hydrogen's pattern): what `intent` asks for. */
export const cartActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add'),
    productId: idSchema,
    quantity: lineQuantitySchema.default(1),
    redirectTo: redirectToSchema,
    /** `personalization.<input>` fields of a personalisable product (text, or a picture file). */
    personalization: personalizationFormEntriesSchema.optional(),
  }),
  z.object({
    intent: z.literal('set-quantity'),
    lineId: idSchema,
    quantity: lineQuantitySchema,
    redirectTo: redirectToSchema,
  }),
  z.object({ intent: z.literal('remove'), lineId: idSchema, redirectTo: redirectToSchema }),
  z.object({ intent: z.literal('clear'), redirectTo: redirectToSchema }),
]);
export type CartAction = z.infer<typeof cartActionSchema>;
export type CartIntent = CartAction['intent'];

/** The product page's quantity form (Conform validates it in the browser). */
export const addToCartFormSchema = z.object({ productId: idSchema, quantity: lineQuantitySchema });

/** A product id in a JSON body. */
const jsonIdSchema = z
  .number({ error: 'validation.id' })
  .int({ error: 'validation.id' })
  .min(1, { error: 'validation.id' })
  .max(2_147_483_647, { error: 'validation.id' });
const jsonQuantitySchema = z
  .number({ error: 'validation.cart.quantity' })
  .int({ error: 'validation.cart.quantity' })
  .min(1, { error: 'validation.cart.quantity' })
  .max(MAX_LINE_QUANTITY, { error: 'validation.cart.quantity' });

/** POST /api/cart/lines */
export const addLineBodySchema = z.object({ productId: jsonIdSchema, quantity: jsonQuantitySchema.default(1) });
/** PATCH /api/cart/lines/:id */
export const setQuantityBodySchema = z.object({ quantity: jsonQuantitySchema });
export const lineIdParamsSchema = z.object({ id: numericIdSchema });

/**
 * Whose cart a request works on: the logged-in client's, else the guest's whose cookie holds `token`.
 * Neither: no cart yet (reads answer the empty cart, the first write makes one).
 */
export interface CartOwner {
  token: string | null;
  clientId: number | null;
}

/** What the core cart service adds; the personalisation helper's values join it (one add path). */
export interface AddLineInput {
  productId: number;
  quantity: number;
  personalization?: Record<string, string> | null;
}

/** SPEC §3 stock check item and §7 POST /client-order/check-products-stock. */
export const stockCheckBodySchema = z.object({
  items: z
    .array(
      z.object({
        id: jsonIdSchema,
        requested_quantity: z
          .number({ error: 'validation.cart.quantity' })
          .int({ error: 'validation.cart.quantity' })
          .min(1, { error: 'validation.cart.quantity' })
          .max(10_000, { error: 'validation.cart.quantity' }),
      }),
    )
    .max(MAX_CART_LINES),
});
export const stockProblemSchema = z.object({
  id: z.number().int(),
  /** False when the product cannot be bought at all (SPEC §3 out of stock). */
  available: z.boolean(),
  /** Pieces in stock now (0 when out of stock). */
  available_stock: z.number().int(),
});
export type StockCheckItem = z.infer<typeof stockCheckBodySchema>['items'][number];
export type StockProblem = z.infer<typeof stockProblemSchema>;

export const cartLineViewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  slug: z.string(),
  sku: z.string(),
  title: z.string(),
  image: z.string(),
  category: z.string(),
  productType: z.string(),
  quantity: z.number().int(),
  /** Bani, per unit, VAT included: the special price when lower (SPEC §3). */
  unitPrice: z.number().int(),
  /** Bani, the selling price before the product's own reduction. */
  regularPrice: z.number().int(),
  /** Bani per unit. */
  personalizationPrice: z.number().int(),
  personalization: z.record(z.string(), z.string()).nullable(),
  /** The filled inputs with their labels, picture thumbnails and costs, in the form's order. */
  personalizationSummary: personalizationSummarySchema,
  /** Bani: quantity × (unit + personalisation). */
  lineTotal: z.number().int(),
  vatRate: z.union([z.literal(11), z.literal(21)]),
  /** Pieces in stock now. */
  stock: z.number().int(),
  /** SPEC §8: 'noQtyAvailable' when out of stock, 'available' when fewer than the quantity are left. */
  stockProblem: z.enum(['noQtyAvailable', 'available']).nullable(),
});
export type CartLineView = z.infer<typeof cartLineViewSchema>;

const vatRowSchema = z.object({
  rate: z.union([z.literal(11), z.literal(21)]),
  gross: z.number().int(),
  net: z.number().int(),
  vat: z.number().int(),
}) satisfies z.ZodType<VatBreakdown>;

export const cartViewSchema = z.object({
  lines: z.array(cartLineViewSchema),
  /** Pieces in the cart: what the header counter shows. */
  count: z.number().int(),
  subtotal: z.number().int(),
  vat: z.array(vatRowSchema),
  vatTotal: z.number().int(),
  /** SPEC §9 free shipping for Romania with GLS home delivery: the carrier's minimum and what is missing. */
  freeShipping: z.object({ minimum: z.number().int(), remaining: z.number().int() }),
});
export type CartView = z.infer<typeof cartViewSchema>;

export const EMPTY_CART: CartView = {
  lines: [],
  count: 0,
  subtotal: 0,
  vat: [],
  vatTotal: 0,
  freeShipping: { minimum: 0, remaining: 0 },
};
