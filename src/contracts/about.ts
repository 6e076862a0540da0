import { z } from 'zod';

/** SPEC §7 GET /about-us/details. */
export const aboutDetailsSchema = z.object({
  customers: z.number().int().nonnegative(),
  client_orders: z.number().int().nonnegative(),
  products: z.number().int().nonnegative(),
});
export type AboutDetails = z.infer<typeof aboutDetailsSchema>;

/** SPEC §2 About: the slider's four slides, in order; ?slide= selects one. */
export const ABOUT_SLIDE_IDS = ['cine-suntem', 'scopul-librariei', 'directia-fondurilor', 'transparente'] as const;
export type AboutSlideId = (typeof ABOUT_SLIDE_IDS)[number];

/** SPEC §1: the shop launched in March 2012. */
export const LAUNCH_YEAR = 2012;

export function aboutSlideOf(param: string | null): AboutSlideId {
  return (ABOUT_SLIDE_IDS as readonly string[]).includes(param ?? '') ? (param as AboutSlideId) : ABOUT_SLIDE_IDS[0];
}
