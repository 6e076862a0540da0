import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { silentLogger } from '../src/core/logger';
import { createStaffService } from '../src/core/staff/staff-service';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';

/**
 * The first admin of the e2e shop, made through the staff service (as `npm run admin:create` does) on the
 * server's PGlite before the server opens it (PGlite has one process). Answers the one-time password.
 */
export async function createFirstAdmin(dataDir: string): Promise<{ email: string; password: string }> {
  const db = await openDb({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(db);
    // No TOTP is set up here, so the key that would seal it is never used.
    const staff = createStaffService(db.db, { totpKey: randomBytes(32) }, silentLogger);
    const email = 'ana@example.ro';
    const { password } = await staff.create({ email, name: 'Ana Pop', role: 'admin' }, null);
    return { email, password };
  } finally {
    await db.close();
  }
}

/** An editor for the content screens' journey (e2e/admin-content.e2e.ts): cases, blog, coupons need no TOTP. */
export async function createContentEditor(dataDir: string): Promise<{ email: string; password: string }> {
  const db = await openDb({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(db);
    const staff = createStaffService(db.db, { totpKey: randomBytes(32) }, silentLogger);
    const email = 'redactor@example.ro';
    const { password } = await staff.create({ email, name: 'Radu Redactor', role: 'editor' }, null);
    return { email, password };
  } finally {
    await db.close();
  }
}
