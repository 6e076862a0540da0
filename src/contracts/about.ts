import { z } from 'zod';

/** SPEC §7 GET /about-us/details. */
export const aboutDetailsSchema = z.object({
  customers: z.number().int().nonnegative(),
  client_orders: z.number().int().nonnegative(),
  products: z.number().int().nonnegative(),
});
export type AboutDetails = z.infer<typeof aboutDetailsSchema>;
