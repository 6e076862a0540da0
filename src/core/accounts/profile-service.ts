import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { CurrentClient } from '../../contracts/accounts';
import { AppError } from '../../contracts/errors';
import { AVATAR_MAX_BYTES, AVATAR_SIZE, type ProfileUpdate } from '../../contracts/profile';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import type { Logger } from '../logger';
import { decodeImage, notAnImage } from '../media/decode-image';

export interface ProfileOptions {
  /** DATA_DIR: photos live in its `avatars/` folder. */
  dataDir: string;
}

/** The folder under DATA_DIR, and the one shape of a stored name (`avatars/<id>-<hex>.webp`): nothing else is ever read. */
const AVATAR_FOLDER = 'avatars';
const STORED_NAME = /^avatars\/\d+-[0-9a-f]{16}\.webp$/;
/** The photo's own message for a file that is not a picture (SPEC §2 Profile), not the uploads' one. */
const AVATAR_TYPE_MESSAGE = 'validation.profile.avatarType';

const columns = {
  id: clients.id,
  email: clients.email,
  firstName: clients.firstName,
  lastName: clients.lastName,
  phone: clients.phone,
  notifications: clients.notifications,
  avatar: clients.avatar,
};

/**
 * Re-encodes an uploaded photo into a small square WebP, or refuses it: what the bytes are decides, not the
 * file's name or declared type (`decodeImage`, the shop's one check of an uploaded picture). Metadata (EXIF, GPS)
 * is dropped by the re-encoding.
 */
export async function squareAvatar(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', { fields: { avatar: 'validation.profile.avatarSize' } });
  }
  const { pipeline } = await decodeImage(bytes, 'avatar', AVATAR_TYPE_MESSAGE);
  try {
    return await pipeline
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (err) {
    // Pixels that do not decode (a truncated file) are the uploader's mistake too.
    throw notAnImage('avatar', `sharp: ${(err as Error).message}`, AVATAR_TYPE_MESSAGE);
  }
}

/**
 * The profile part of the accounts area (SPEC §2 Profile): name, phone, the notifications toggle and the
 * photo of one client. Every call names the client by the id of the session, so no client reaches another's row.
 */
export function createProfileService(db: Db, options: ProfileOptions, log: Logger) {
  const folder = path.join(options.dataDir, AVATAR_FOLDER);

  async function get(clientId: number): Promise<CurrentClient> {
    const [row] = await db.select(columns).from(clients).where(eq(clients.id, clientId));
    // The session named a client that is gone (deleted meanwhile): as if logged out.
    if (!row) throw new AppError('UNAUTHORIZED');
    return row;
  }

  async function set(clientId: number, values: Partial<typeof clients.$inferInsert>): Promise<CurrentClient> {
    const [row] = await db
      .update(clients)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(clients.id, clientId))
      .returning(columns);
    if (!row) throw new AppError('UNAUTHORIZED');
    return row;
  }

  async function removeFile(stored: string | null): Promise<void> {
    if (!stored || !STORED_NAME.test(stored)) return;
    // A file left behind costs a little disk, never a wrong answer: logged, not thrown.
    await rm(path.join(options.dataDir, stored), { force: true }).catch((err: unknown) =>
      log.warn({ err }, 'old avatar not removed'),
    );
  }

  return {
    get,

    /** SPEC §7 update client profile: `{first_name, last_name}` or `{phone}`, already validated. */
    async update(clientId: number, input: ProfileUpdate): Promise<CurrentClient> {
      const values: Partial<typeof clients.$inferInsert> = {};
      if (input.first_name !== undefined) values.firstName = input.first_name;
      if (input.last_name !== undefined) values.lastName = input.last_name;
      if (input.phone !== undefined) values.phone = input.phone;
      if (Object.keys(values).length === 0) return get(clientId);
      return set(clientId, values);
    },

    async setNotifications(clientId: number, on: boolean): Promise<CurrentClient> {
      return set(clientId, { notifications: on });
    },

    /** Stores a new photo (see `squareAvatar`) and then removes the one it replaces. */
    async setAvatar(clientId: number, bytes: Uint8Array): Promise<CurrentClient> {
      const image = await squareAvatar(bytes);
      const previous = (await get(clientId)).avatar;
      const stored = `${AVATAR_FOLDER}/${clientId}-${randomBytes(8).toString('hex')}.webp`;
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(options.dataDir, stored), image);
      let client: CurrentClient;
      try {
        client = await set(clientId, { avatar: stored });
      } catch (err) {
        await removeFile(stored);
        throw err;
      }
      await removeFile(previous);
      return client;
    },

    async removeAvatar(clientId: number): Promise<CurrentClient> {
      const previous = (await get(clientId)).avatar;
      const client = await set(clientId, { avatar: null });
      await removeFile(previous);
      return client;
    },

    /** The client's own photo (WebP bytes), or null when they have none or its file is missing. */
    async avatar(clientId: number): Promise<Buffer | null> {
      const { avatar } = await get(clientId);
      if (!avatar || !STORED_NAME.test(avatar)) return null;
      try {
        return await readFile(path.join(options.dataDir, avatar));
      } catch {
        return null;
      }
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
