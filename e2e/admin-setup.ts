import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { StaffRole } from '../src/contracts/staff';
import { silentLogger } from '../src/core/logger';
import { createStaffService } from '../src/core/staff/staff-service';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';

/**
 * Further staff for the e2e files that must not share the first admin (whose password admin.e2e.ts changes):
 * each with a one-time password, made the same way before the server opens the database.
 */
export async function createStaffAccounts(
  dataDir: string,
  members: { email: string; name: string; role: StaffRole }[],
): Promise<{ email: string; password: string }[]> {
  const db = await openDb({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(db);
    const staff = createStaffService(db.db, { totpKey: randomBytes(32) }, silentLogger);
    const out: { email: string; password: string }[] = [];
    for (const member of members)
      out.push({ email: member.email, password: (await staff.create(member, null)).password });
    return out;
  } finally {
    await db.close();
  }
}

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
