import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StaffRole } from '../src/contracts/staff';
import { Secret, TOTP } from 'otpauth';
import { silentLogger } from '../src/core/logger';
import { createStaffService } from '../src/core/staff/staff-service';
import { deriveKey } from '../src/server/keys';
import { withServerDb } from './server-db';

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
  return withServerDb(dataDir, async (db) => {
    // No TOTP is set up here, so the key that would seal it is never used.
    const staff = createStaffService(db, { totpKey: randomBytes(32) }, silentLogger);
    const { password } = await staff.create(member, null);
    return { email: member.email, password };
  });
}

/**
 * An operator ready to sign in (password changed, TOTP set up), for the order screens' journey
 * (e2e/admin-orders.e2e.ts), so it does not depend on admin.e2e.ts having run first or not. The TOTP secret
 * is sealed with the key the server derives from DATA_DIR's session secret, written here first when missing
 * (the server reads the same file). Answers the e-mail, the password and the base32 TOTP secret.
 */
export async function createOperator(dataDir: string): Promise<{ email: string; password: string; secret: string }> {
  const file = path.join(dataDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  const totpKey = deriveKey(readFileSync(file, 'utf8').trim(), 'totp-secret');
  return withServerDb(dataDir, async (db) => {
    const staff = createStaffService(db, { totpKey }, silentLogger);
    const email = 'ion.operator@example.ro';
    const password = 'parola-operatorului-1';
    const { staff: created, password: oneTime } = await staff.create(
      { email, name: 'Ion Operator', role: 'operator' },
      null,
    );
    await staff.changePassword(
      created.id,
      { old_pass: oneTime, new_pass: password, new_pass_confirmation: password },
      null,
    );
    const setup = await staff.totpSetup(created.id);
    if (!setup) throw new Error('the operator’s TOTP setup gave no secret');
    const code = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(setup.secret),
    }).generate();
    await staff.totpConfirm(created.id, code);
    return { email, password, secret: setup.secret };
  });
}
