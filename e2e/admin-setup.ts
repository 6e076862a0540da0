import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { StaffRole } from '../src/contracts/staff';
import { silentLogger } from '../src/core/logger';
import { createStaffService } from '../src/core/staff/staff-service';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';

/**
 * The first admin of the e2e shop, made through the staff service (as `npm run admin:create` does) on the
 * server's PGlite before the server opens it (PGlite has one process). Answers the one-time password.
 */
export async function createFirstAdmin(dataDir: string): Promise<{ email: string; password: string }> {
  return createE2eStaff(dataDir, { email: 'ana@example.ro', name: 'Ana Pop', role: 'admin' });
}

/**
 * Another staff member with a one-time password, for an e2e file that walks its own screens without
 * depending on what another file did with the first admin (the files share one server).
 */
export async function createE2eStaff(
  dataDir: string,
  member: { email: string; name: string; role: StaffRole },
): Promise<{ email: string; password: string }> {
  const db = await openDb({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(db);
    // No TOTP is set up here, so the key that would seal it is never used.
    const staff = createStaffService(db.db, { totpKey: randomBytes(32) }, silentLogger);
    const { password } = await staff.create(member, null);
    return { email: member.email, password };
  } finally {
    await db.close();
  }
}
