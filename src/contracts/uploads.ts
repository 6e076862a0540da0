import { z } from 'zod';

/** Personalisation pictures (decision 017): what a shopper may upload. */
/** An uploaded picture's id: 128 random bits, base64url (unguessable, so one visitor cannot list another's). */
export const UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What the file picker offers; the server decides by the content, never by this. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp';

/** The answer to an upload: the id to give as the image input's value, and where to see the picture. */
export const storedUploadSchema = z.object({
  id: z.string().regex(UPLOAD_ID_PATTERN),
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type StoredUpload = z.infer<typeof storedUploadSchema>;

/**
 * The multipart body of `POST /api/uploads/personalization`: one file, in the field `file`. Its size is
 * checked by the upload service (413, as for a body over the limit), its type by its content.
 */
export const uploadBodySchema = z.object({ file: z.file('validation.upload.missing') });

/** Where a stored picture and its thumbnail are served (server/uploads.ts). */
export function uploadUrls(id: string): Pick<StoredUpload, 'url' | 'thumbnailUrl'> {
  return { url: `/uploads/personalization/${id}`, thumbnailUrl: `/uploads/personalization/${id}/thumb` };
}
