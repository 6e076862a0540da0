import { z } from 'zod';

/**
 * The shop's public pictures (product covers, humanitarian cases), uploaded by staff in the back office
 * and served to everyone (decision 023). Apart from the shoppers' private personalisation pictures
 * (contracts/uploads.ts), which only their uploader may see.
 */

/** A stored picture's id: 128 random bits, base64url. */
export const MEDIA_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** One picture as a camera or a scanner gives it; it is re-encoded smaller before it is kept. */
export const MAX_MEDIA_BYTES = 8 * 1024 * 1024;
/** Pictures added in one form post (a product's gallery, a case's photos). */
export const MAX_MEDIA_FILES = 6;
/** What the file picker offers; the server decides by the content, never by this. */
export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Where a stored picture is served (server/media.ts). */
export function mediaUrl(id: string): string {
  return `/media/${id}.webp`;
}

/**
 * A picture address a staff form may keep in a gallery: one of the store's, or another path of the shop
 * (the demo data's drawn covers and illustrations). Never another site's: the shop's pages load nothing
 * from elsewhere (CSP), and a form must not be able to make them.
 */
export function isShopImagePath(value: string): boolean {
  return /^\/(?!\/)[A-Za-z0-9/_.,%=&?;:@+-]{1,500}$/.test(value) && !value.includes('..');
}

/** Form values arrive as a string, several strings, or nothing. */
function asList(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * A gallery field of a staff form (web/features/admin/images-field.tsx), the same for every form that has
 * one: the pictures kept (in order), those ticked for removal, and new files (empty file inputs, which a
 * browser sends when nothing was chosen, are dropped).
 */
export const imagesFieldSchema = z.object({
  images: z.preprocess(
    asList,
    z.array(z.string().refine(isShopImagePath, { error: 'validation.media.path' })).max(40, {
      error: 'validation.media.count',
    }),
  ),
  removeImages: z.preprocess(asList, z.array(z.string().max(600)).max(40)),
  newImages: z.preprocess(
    (value) => asList(value).filter((f) => !(f instanceof File && f.size === 0 && f.name === '')),
    z
      .array(z.file({ error: 'validation.media.type' }).max(MAX_MEDIA_BYTES, { error: 'validation.media.size' }))
      .max(MAX_MEDIA_FILES, { error: 'validation.media.count' }),
  ),
});
export type ImagesFieldInput = z.infer<typeof imagesFieldSchema>;
