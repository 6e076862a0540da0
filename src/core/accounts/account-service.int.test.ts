import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisterInput } from '../../contracts/accounts';
import { clientSessions, clients, mailOutbox, passwordResetTokens } from '../../db/schema';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';
import { silentLogger } from '../logger';
import { createMailService } from '../mail/mail-service';
import {
  type AccountService,
  createAccountService,
  RESET_TOKEN_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from './account-service';
import { tokenHash } from './tokens';

const ana: RegisterInput = {
  first_name: 'Ana',
  last_name: 'Popescu',
  email: '  Ana.Popescu@Example.RO ',
  phone: '0744 123 456',
  password: 'parola-lunga-1',
  password_confirmation: 'parola-lunga-1',
  terms: 'on',
};

/** The token of the newest reset link in the outbox. */
async function lastResetLink(db: TestDb) {
  const mails = await db.db.select().from(mailOutbox).orderBy(mailOutbox.id);
  const text = mails.at(-1)?.text ?? '';
  const link = new URL(text.split('\n').find((line) => line.startsWith('http')) ?? '');
  return { token: link.searchParams.get('token') ?? '', email: link.searchParams.get('email') ?? '', text, link };
}

describe.each(testDatabases)('accounts service on $name', ({ url }) => {
  let db: TestDb;
  let accounts: AccountService;
  let clock = new Date('2026-03-01T10:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    db = await createTestDb(url);
    const mail = createMailService(
      db.db,
      { transport: { send: async () => {}, close: () => {} }, from: 'shop@example.ro' },
      silentLogger,
    );
    accounts = createAccountService(db.db, mail, { publicUrl: 'http://shop.test', now: () => clock }, silentLogger);
  });
  afterAll(async () => {
    await db.close();
  });

  it('registers with a normalised e-mail and an argon2id hash, and logs in', async () => {
    const { client, token } = await accounts.register(ana);
    expect(client).toMatchObject({
      email: 'ana.popescu@example.ro',
      firstName: 'Ana',
      notifications: true,
      avatar: null,
    });
    const [row] = await db.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Only the token's hash is stored.
    const sessions = await db.db.select().from(clientSessions);
    expect(sessions.map((s) => s.id)).toEqual([tokenHash(token)]);
    expect(await accounts.sessionClient(token)).toEqual(client);
  });

  it('refuses a second account for the same e-mail, however it is spelled', async () => {
    await expect(accounts.register({ ...ana, email: 'ANA.popescu@example.ro' })).rejects.toMatchObject({
      code: 'CONFLICT',
      fields: { email: 'validation.account.emailTaken' },
    });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = accounts.login({ email: ana.email, password: 'alta-parola' });
    await expect(wrong).rejects.toMatchObject({ code: 'UNAUTHORIZED', messageKey: 'apiError.account.badCredentials' });
    const unknown = accounts.login({ email: 'nimeni@example.ro', password: 'alta-parola' });
    await expect(unknown).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      messageKey: 'apiError.account.badCredentials',
    });
  });

  it('rotates the session at login and ends it at logout', async () => {
    const first = await accounts.login({ email: ana.email, password: ana.password });
    const second = await accounts.login({ email: ana.email, password: ana.password }, first.token);
    expect(second.token).not.toBe(first.token);
    expect(await accounts.sessionClient(first.token)).toBeNull();
    expect(await accounts.sessionClient(second.token)).not.toBeNull();
    await accounts.logout(second.token);
    expect(await accounts.sessionClient(second.token)).toBeNull();
  });

  it('ends a session after 14 idle days and 60 days after login, touching last_seen once a minute', async () => {
    const { token } = await accounts.login({ email: ana.email, password: ana.password });
    const seen = async () =>
      (
        await db.db
          .select()
          .from(clientSessions)
          .where(eq(clientSessions.id, tokenHash(token)))
      )[0]?.lastSeenAt;
    const before = await seen();
    advance(30_000);
    await accounts.sessionClient(token);
    expect(await seen()).toEqual(before);
    advance(40_000);
    await accounts.sessionClient(token);
    expect((await seen())?.getTime()).toBe(clock.getTime());
    // Visits every 13 days keep it alive until the absolute limit.
    for (let day = 13; day < 60; day += 13) {
      advance(13 * 24 * 3_600_000);
      expect(await accounts.sessionClient(token)).not.toBeNull();
    }
    advance(SESSION_ABSOLUTE_MS - 52 * 24 * 3_600_000);
    expect(await accounts.sessionClient(token)).toBeNull();

    const idle = await accounts.login({ email: ana.email, password: ana.password });
    const forgotten = await accounts.login({ email: ana.email, password: ana.password });
    advance(SESSION_IDLE_MS);
    expect(await accounts.sessionClient(idle.token)).toBeNull();
    // The next login clears the sessions that ended without being presented again.
    await accounts.login({ email: ana.email, password: ana.password });
    const left = await db.db
      .select()
      .from(clientSessions)
      .where(eq(clientSessions.id, tokenHash(forgotten.token)));
    expect(left).toEqual([]);
    expect(await accounts.sessionClient('not-a-token')).toBeNull();
  });

  it('changes the password, ending every other session', async () => {
    const kept = await accounts.login({ email: ana.email, password: ana.password });
    const other = await accounts.login({ email: ana.email, password: ana.password });
    const input = { old_pass: 'gresita-123', new_pass: 'parola-noua-2', new_pass_confirmation: 'parola-noua-2' };
    await expect(accounts.changePassword(kept.client.id, input, kept.token)).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: { old_pass: 'validation.account.oldPasswordWrong' },
    });
    await accounts.changePassword(kept.client.id, { ...input, old_pass: ana.password }, kept.token);
    expect(await accounts.sessionClient(kept.token)).not.toBeNull();
    expect(await accounts.sessionClient(other.token)).toBeNull();
    await accounts.changePassword(
      kept.client.id,
      { old_pass: 'parola-noua-2', new_pass: ana.password, new_pass_confirmation: ana.password },
      kept.token,
    );
  });

  it('says an unknown e-mail has no account (SPEC §8) and writes nothing', async () => {
    const mailsBefore = await db.db.$count(mailOutbox);
    await expect(accounts.requestPasswordReset('nimeni@example.ro')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      messageKey: 'apiError.account.emailNotFound',
    });
    expect(await db.db.$count(mailOutbox)).toBe(mailsBefore);
  });

  it('resets with the e-mailed link once; a newer link voids the older; sessions end', async () => {
    const session = await accounts.login({ email: ana.email, password: ana.password });
    await accounts.requestPasswordReset(' ANA.POPESCU@example.ro');
    const older = await lastResetLink(db);
    expect(older.link.origin + older.link.pathname).toBe('http://shop.test/pages/reset-password');
    expect(older.email).toBe('ana.popescu@example.ro');
    expect(older.text).toContain('Librăria Creștină Maranatha');
    expect(older.text).toContain('60 de minute');
    const [stored] = await db.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.hash, tokenHash(older.token)));
    expect(stored).toBeDefined();

    await accounts.requestPasswordReset(ana.email);
    const newer = await lastResetLink(db);
    const reset = (token: string, password = 'parola-resetata-3', email = newer.email) =>
      accounts.resetPassword({ email, token, password, password_confirmation: password });
    const invalid = { code: 'VALIDATION', fields: { token: 'validation.account.tokenInvalid' } };
    await expect(reset(older.token)).rejects.toMatchObject(invalid);
    await expect(reset(newer.token, 'parola-resetata-3', 'altcineva@example.ro')).rejects.toMatchObject(invalid);
    await reset(newer.token);
    await expect(reset(newer.token, 'inca-o-parola-4')).rejects.toMatchObject(invalid);
    expect(await accounts.sessionClient(session.token)).toBeNull();
    await expect(accounts.login({ email: ana.email, password: ana.password })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await accounts.login({ email: ana.email, password: 'parola-resetata-3' });
  });

  it('refuses a reset link older than 60 minutes', async () => {
    await accounts.requestPasswordReset(ana.email);
    const { token, email } = await lastResetLink(db);
    advance(RESET_TOKEN_MS);
    await expect(
      accounts.resetPassword({ email, token, password: 'parola-tarzie-5', password_confirmation: 'parola-tarzie-5' }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});
