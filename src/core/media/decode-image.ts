import type { Sharp } from 'sharp';
import { AppError } from '../../contracts/errors';
import { loadSharp } from './sharp';

/**
 * The one check of an uploaded picture, for the shoppers' personalisation pictures (decision 017) and the
 * staff's public ones (decision 023): by its content with sharp, never by its name or declared type.
 */

/** Larger pictures are never needed; the limit also bounds memory against a decompression bomb. */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The field message of a file that is not an accepted picture, unless the form has its own (the profile photo's). */
const NOT_AN_IMAGE_MESSAGE = 'validation.upload.type';

export function notAnImage(field: string, detail: string, messageKey = NOT_AN_IMAGE_MESSAGE): AppError {
  return new AppError('VALIDATION', { fields: { [field]: messageKey }, detail });
}

/**
 * The picture's format, and a pipeline over it with the EXIF orientation applied (sharp drops all
 * metadata — EXIF, GPS, ICC — and anything appended to the original when it encodes the output). Refuses
 * with 400 on `field` (with `messageKey`) whatever is not a JPEG, PNG or WebP picture; encoding errors of the
 * returned pipeline (pixels that do not decode) must be caught by the caller the same way (`notAnImage`).
 */
export async function decodeImage(
  bytes: Uint8Array,
  field: string,
  messageKey = NOT_AN_IMAGE_MESSAGE,
): Promise<{ format: ImageFormat; pipeline: Sharp }> {
  const refused = (detail: string) => notAnImage(field, detail, messageKey);
  if (bytes.byteLength === 0) throw refused('empty file');
  const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, input).metadata();
    if (meta.format !== 'jpeg' && meta.format !== 'png' && meta.format !== 'webp')
      throw refused(`format ${meta.format}`);
    return { format: meta.format, pipeline: sharp(bytes, input).rotate() };
  } catch (err) {
    throw err instanceof AppError ? err : refused(`sharp: ${(err as Error).message}`);
  }
}
