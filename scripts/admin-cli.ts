/**
 * `npm run admin:create -- --email ana@example.ro --role admin [--name "Ana Pop"]` (issue 13): creates a
 * staff member on the configured database (migrating it first) and prints a one-time password, to be
 * changed at the first login. How the first admin is made; later ones are added on /admin/staff.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { emailSchema } from '../src/contracts/accounts';
import { isAppError } from '../src/contracts/errors';
import { staffRoleSchema } from '../src/contracts/staff';
import { silentLogger } from '../src/core/logger';
import { createStaffService } from '../src/core/staff/staff-service';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { ConfigError, loadConfig } from '../src/server/config';
import { deriveKey } from '../src/server/keys';

const USAGE = 'Usage: npm run admin:create -- --email ana@example.ro --role admin|operator|editor [--name "Ana Pop"]';

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  const email = emailSchema.safeParse(values.email ?? '');
  const role = staffRoleSchema.safeParse(values.role ?? '');
  if (!email.success || !role.success) throw new UsageError(USAGE);
  const name = values.name?.trim() || email.data.split('@')[0];
  const config = loadConfig();
  const db = await openDb(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    await migrate(db);
    const staff = createStaffService(db.db, { totpKey: deriveKey(config.sessionSecret, 'totp-secret') }, silentLogger);
    const { staff: created, password } = await staff.create({ email: email.data, name, role: role.data }, null);
    console.log(`Staff member ${created.email} (${created.role}) created.`);
    console.log(`One-time password: ${password}`);
    console.log(
      'It works once: the first login at /admin/login asks for a new password, then (admin, operator) a TOTP setup.',
    );
  } finally {
    await db.close();
  }
}

class UsageError extends Error {}

run().catch((err) => {
  if (err instanceof UsageError || err instanceof ConfigError) console.error(err.message);
  else if (isAppError(err) && err.code === 'CONFLICT') console.error('A staff member with this e-mail already exists.');
  else console.error(err);
  process.exit(1);
});
