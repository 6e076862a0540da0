import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../contracts/errors';
import { type ImagesFieldInput, MAX_MEDIA_BYTES, MEDIA_ID_PATTERN, mediaUrl } from '../../contracts/media';
import type { Logger } from '../logger';
import { decodeImage, notAnImage } from './decode-image';
import { writeAtomically } from './write-atomically';

/**
 * The shop's public pictures (decision 023): product covers and case photos that staff upload. Each is
 * checked like a shopper's upload (decode-image.ts), then resized to at most MAX_SIDE a side and kept as
 * one WebP under `<dir>/<id>.webp`; a gallery keeps its address (`/media/<id>.webp`).
 */

/** Twice the largest width a page shows a picture at (the product page's 400 px cover, zoomed). */
const MAX_SIDE = 1600;

export interface MediaOptions {
  /** Where the pictures live (DATA_DIR/media). */
  dir: string;
}

export function createMediaService(options: MediaOptions, log: Logger) {
  const dir = path.resolve(options.dir);
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => {
    ready ??= mkdir(dir, { recursive: true, mode: 0o755 });
    return ready;
  };
  const fileOf = (id: string) => path.join(dir, `${id}.webp`);

  async function storeOne(bytes: Uint8Array, field: string): Promise<string> {
    if (bytes.byteLength > MAX_MEDIA_BYTES)
      throw new AppError('PAYLOAD_TOO_LARGE', { fields: { [field]: 'validation.media.size' } });
    const { pipeline } = await decodeImage(bytes, field);
    let encoded: Buffer;
    try {
      encoded = await pipeline
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch (err) {
      throw notAnImage(field, `sharp: ${(err as Error).message}`);
    }
    await ensureDir();
    const id = randomBytes(16).toString('base64url');
    await writeAtomically(fileOf(id), encoded, 0o644);
    log.info({ media: id, bytes: encoded.length }, 'picture stored');
    return id;
  }

  const service = {
    /**
     * Stores every file or none: when one is refused (400/413 on `field`), those stored before it are
     * removed. Answers their addresses, in order.
     */
    async storeAll(files: readonly Blob[], field: string): Promise<string[]> {
      const stored: string[] = [];
      try {
        for (const file of files) stored.push(await storeOne(new Uint8Array(await file.arrayBuffer()), field));
      } catch (err) {
        await Promise.all(stored.map((id) => rm(fileOf(id), { force: true })));
        throw err;
      }
      return stored.map(mediaUrl);
    },

    /** A stored picture's bytes, or null for an unknown or malformed id. */
    async read(id: string): Promise<Buffer | null> {
      if (!MEDIA_ID_PATTERN.test(id)) return null;
      return readFile(fileOf(id)).catch(() => null);
    },

    /**
     * A gallery after a staff form (images-field.tsx): the pictures kept, in their order, without those
     * ticked for removal, then the new files, stored. Call it before the write's transaction; a picture
     * stored for a write that then fails stays unreferenced (harmless, and rare: the form was valid).
     */
    async gallery(input: ImagesFieldInput): Promise<string[]> {
      const removed = new Set(input.removeImages);
      const kept = input.images.filter((url) => !removed.has(url));
      return [...new Set([...kept, ...(await service.storeAll(input.newImages, 'newImages'))])];
    },
  };
  return service;
}

export type MediaService = ReturnType<typeof createMediaService>;
