import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../contracts/errors';
import { MAX_UPLOAD_BYTES, type StoredUpload, UPLOAD_ID_PATTERN, uploadUrls } from '../../contracts/uploads';
import type { Logger } from '../logger';
import { decodeImage, type ImageFormat, notAnImage } from '../media/decode-image';
import { writeAtomically } from '../media/write-atomically';

/**
 * Pictures shoppers upload for a personalisation (decision 017): checked by their content with sharp
 * (never by name or declared type), re-encoded so nothing of the original file survives (metadata,
 * trailing bytes, polyglots), stored under `<dir>/<id>.<ext>` with a thumbnail, where the id is 128
 * random bits: knowing one upload's address tells nothing about another's.
 */

const MAX_SIDE = 3000;
const THUMB_SIDE = 240;
/** An upload no cart line refers to is removed after this long (cart cookies live 90 days too). */
export const UPLOAD_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const THUMB_SUFFIX = '.thumb.webp';

export interface UploadOptions {
  /** Where the pictures live (DATA_DIR/uploads). */
  dir: string;
}

export interface UploadFile {
  bytes: Uint8Array;
  contentType: string;
}

export function createUploadService(options: UploadOptions, log: Logger) {
  const dir = path.resolve(options.dir);
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => {
    ready ??= mkdir(dir, { recursive: true, mode: 0o700 });
    return ready;
  };

  /** The stored full-size file of an id, or null (a malformed id never reaches the file system). */
  async function fullPath(id: string): Promise<{ file: string; ext: string } | null> {
    if (!UPLOAD_ID_PATTERN.test(id)) return null;
    for (const ext of Object.values(EXTENSIONS)) {
      const file = path.join(dir, `${id}.${ext}`);
      if (
        await stat(file).then(
          (s) => s.isFile(),
          () => false,
        )
      )
        return { file, ext };
    }
    return null;
  }

  return {
    /**
     * Checks and stores one picture; refuses (400, `fields.file`) anything over MAX_UPLOAD_BYTES or that
     * is not a JPEG, PNG or WebP picture by its content. Nothing is written for a refused file.
     */
    async store(bytes: Uint8Array): Promise<StoredUpload> {
      if (bytes.byteLength > MAX_UPLOAD_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', { fields: { file: 'validation.upload.size' } });
      const { format, pipeline: base } = await decodeImage(bytes, 'file');
      let full: Buffer;
      let thumb: Buffer;
      try {
        const resized = base
          .clone()
          .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
        full = await (format === 'jpeg'
          ? resized.jpeg({ quality: 90, mozjpeg: true })
          : format === 'png'
            ? resized.png({ compressionLevel: 9 })
            : resized.webp({ quality: 90 })
        ).toBuffer();
        thumb = await base
          .clone()
          .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
      } catch (err) {
        // A file whose header reads well but whose pixels do not decode (truncated, corrupt).
        throw notAnImage('file', `sharp: ${(err as Error).message}`);
      }
      await ensureDir();
      const id = randomBytes(16).toString('base64url');
      const ext = EXTENSIONS[format];
      await writeAtomically(path.join(dir, `${id}${THUMB_SUFFIX}`), thumb);
      await writeAtomically(path.join(dir, `${id}.${ext}`), full);
      log.info({ upload: id, bytes: full.length }, 'personalisation picture stored');
      return { id, ...uploadUrls(id) };
    },

    /** Whether an upload exists (a cart line may refer only to stored pictures). */
    async exists(id: string): Promise<boolean> {
      return (await fullPath(id)) !== null;
    },

    /** The picture or its thumbnail, with its content type; null for an unknown or malformed id. */
    async read(id: string, variant: 'full' | 'thumb'): Promise<UploadFile | null> {
      const found = await fullPath(id);
      if (!found) return null;
      const file = variant === 'full' ? found.file : path.join(dir, `${id}${THUMB_SUFFIX}`);
      const contentType = variant === 'full' ? CONTENT_TYPES[found.ext] : 'image/webp';
      try {
        return { bytes: await readFile(file), contentType: contentType ?? 'application/octet-stream' };
      } catch {
        return null;
      }
    },

    /** Removes the pictures of ids (an add that failed after they were stored). */
    async remove(ids: string[]): Promise<void> {
      for (const id of ids) {
        const found = await fullPath(id);
        if (found) await rm(found.file, { force: true });
        if (UPLOAD_ID_PATTERN.test(id)) await rm(path.join(dir, `${id}${THUMB_SUFFIX}`), { force: true });
      }
    },

    /**
     * Deletes the pictures older than UPLOAD_RETENTION_DAYS that `inUse` does not name (the ids cart lines
     * still refer to), and leftovers of interrupted writes. Returns how many pictures went.
     */
    async sweep(inUse: () => Promise<ReadonlySet<string>>, now = Date.now()): Promise<number> {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return 0;
      }
      const cutoff = now - UPLOAD_RETENTION_DAYS * DAY_MS;
      const old: string[] = [];
      for (const name of names) {
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (!info || info.mtimeMs >= cutoff) continue;
        if (name.endsWith('.tmp')) await rm(path.join(dir, name), { force: true });
        else if (!name.endsWith(THUMB_SUFFIX)) old.push(name.slice(0, name.indexOf('.')));
      }
      if (old.length === 0) return 0;
      const used = await inUse();
      const gone = old.filter((id) => !used.has(id));
      await this.remove(gone);
      if (gone.length) log.info({ removed: gone.length }, 'old personalisation pictures removed');
      return gone.length;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
