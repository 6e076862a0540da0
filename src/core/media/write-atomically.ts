import { randomBytes } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';

/** Writes under a temporary name, then renames: a reader never sees a half-written file. */
export async function writeAtomically(file: string, bytes: Buffer, mode = 0o600): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, bytes, { mode });
  await rename(temp, file);
}
