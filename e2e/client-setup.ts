import { silentLogger } from '../src/core/logger';
import { createAccountService } from '../src/core/accounts/account-service';
import { createMailService } from '../src/core/mail/mail-service';
import { withServerDb } from './server-db';

/**
 * A client account made through the accounts service on the server's PGlite before the server opens it, as
 * e2e/admin-setup.ts makes staff: the shop's registrations are limited to ten an hour per address, and the
 * other files use them. The welcome mail is queued in the database and never sent (no transport here).
 */
export async function createE2eClient(
  dataDir: string,
  client: { email: string; password: string; firstName: string },
): Promise<{ email: string; password: string }> {
  return withServerDb(dataDir, async (db) => {
    const mail = createMailService(
      db,
      { transport: { send: async () => {}, close: () => {} }, from: 'shop@example.ro' },
      silentLogger,
    );
    const accounts = createAccountService(db, mail, { publicUrl: 'http://127.0.0.1' }, silentLogger);
    await accounts.register({
      first_name: client.firstName,
      last_name: 'Pop',
      email: client.email,
      phone: '0744 123 456',
      password: client.password,
      password_confirmation: client.password,
      terms: true,
    });
    return { email: client.email, password: client.password };
  });
}
