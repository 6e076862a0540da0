// Without zod, for pages' browser code (./catalogue.ts re-exports these with the schemas; issue 14).
/** SPEC §3: out of stock when is_in_stock is 0 or quantity is 0. */
export function isOutOfStock(p: { isInStock: number; quantity: number }): boolean {
  return p.isInStock === 0 || p.quantity <= 0;
}

/**
 * The cover the shop draws for a product from its SKU (`server/covers.ts`): the demo catalogue's pictures, and
 * what a product without a picture shows (an empty `src` would make the browser fetch the page again).
 */
export function drawnCoverPath(sku: string, variant: 1 | 2 = 1): string {
  return `/covers/${sku}/${variant}.svg`;
}

export const productTypes = ['carte', 'biblie', 'cadou', 'muzica', 'copii'] as const;
export type ProductType = (typeof productTypes)[number];
