import { z } from 'zod';
import { UPLOAD_ID_PATTERN } from './personalization';

/** Personalisation pictures (decision 017): what a shopper may upload. */
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
