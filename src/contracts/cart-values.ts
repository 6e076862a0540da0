// Without zod, for pages' browser code (./cart.ts re-exports these with the schemas; issue 14).
/** The most pieces of one product a cart line holds. */
export const MAX_LINE_QUANTITY = 99;
