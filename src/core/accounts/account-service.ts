import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import {
  type ChangePasswordInput,
  type CurrentClient,
  emailSchema,
  type LoginInput,
  normalizeEmail,
  type RegisterInput,
  type ResetPasswordInput,
  resetTokenSchema,
} from '../../contracts/accounts';
import { SHOP_TIME_ZONE } from '../../contracts/dates';
import { AppError } from '../../contracts/errors';
import type { Db } from '../../db/client';
import { clientSessions, clients, passwordResetTokens } from '../../db/schema';
import { type DbOrTx, withTransaction } from '../../db/transaction';
import type { Logger } from '../logger';
import { enqueueMail, type MailService } from '../mail/mail-service';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { newToken, tokenHash } from './tokens';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Issue 9 item 1: a session ends after 14 days without a visit, and 60 days after login in any case. */
export const SESSION_IDLE_MS = 14 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 60 * DAY_MS;
/** last_seen_at is written at most this often, so browsing costs no write per page. */
export const SESSION_TOUCH_MS = MINUTE_MS;
/** Issue 9 item 5: a reset link works for 60 minutes. */
export const RESET_TOKEN_MS = 60 * MINUTE_MS;

export interface AccountOptions {
  /** The shop's address (PUBLIC_URL), for the link in the reset e-mail. */
  publicUrl: string;
  /** The clock; tests move it to expire sessions and tokens. */
  now?: () => Date;
}

/** A logged-in client with the token for its cookie (only ever handed to the cookie, never stored). */
export interface NewSession {
  client: CurrentClient;
  token: string;
  expiresAt: Date;
}

const clientColumns = {
  id: clients.id,
  email: clients.email,
  firstName: clients.firstName,
  lastName: clients.lastName,
  phone: clients.phone,
  notifications: clients.notifications,
  avatar: clients.avatar,
};

const SHOP_NAME = 'Librăria Creștină Maranatha';

function resetMail(link: string, expiresAt: Date) {
  const until = new Intl.DateTimeFormat('ro-RO', {
    timeZone: SHOP_TIME_ZONE,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(expiresAt);
  return {
    subject: `${SHOP_NAME}: resetarea parolei`,
    text: [
      'Bună ziua,',
      '',
      `Am primit o cerere de resetare a parolei contului dumneavoastră de la ${SHOP_NAME}.`,
      'Pentru a alege o parolă nouă, deschideți linkul de mai jos:',
      '',
      link,
      '',
      `Linkul este valabil 60 de minute (până la ${until}, ora României) și poate fi folosit o singură dată.`,
      'Dacă nu ați cerut resetarea parolei, ignorați acest mesaj: parola rămâne aceeași.',
      '',
      `Echipa ${SHOP_NAME}`,
    ].join('\n'),
  };
}

/** What signing in does to the visitor's guest cart: joins it to the client's (the cart service's merge). */
export type JoinGuestCart = (guestCartToken: string | null, clientId: number) => Promise<void>;

export function createAccountService(
  db: Db,
  mail: MailService,
  options: AccountOptions,
  log: Logger,
  joinGuestCart: JoinGuestCart = async () => {},
) {
  const now = options.now ?? (() => new Date());

  async function startSession(tx: DbOrTx, clientId: number): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + SESSION_ABSOLUTE_MS);
    // Sessions of this client that ended unseen (a cookie never presented again) are cleared here, so
    // the table holds no more than each client's live sessions plus those ended since their last login.
    await tx
      .delete(clientSessions)
      .where(
        and(
          eq(clientSessions.clientId, clientId),
          or(
            lte(clientSessions.expiresAt, at),
            lte(clientSessions.lastSeenAt, new Date(at.getTime() - SESSION_IDLE_MS)),
          ),
        ),
      );
    await tx
      .insert(clientSessions)
      .values({ id: tokenHash(token), clientId, createdAt: at, lastSeenAt: at, expiresAt });
    return { token, expiresAt };
  }

  async function clientById(tx: DbOrTx, id: number): Promise<CurrentClient> {
    const [row] = await tx.select(clientColumns).from(clients).where(eq(clients.id, id));
    if (!row) throw new AppError('UNAUTHORIZED');
    return row;
  }

  return {
    /**
     * Creates the account and logs it in (a new session). An e-mail that already has an account is a
     * CONFLICT on the e-mail field (registration reveals existence anyway: decision 014). The cart the
     * visitor built as a guest becomes the new account's (issue 10).
     */
    async register(input: RegisterInput, guestCartToken: string | null = null): Promise<NewSession> {
      const email = normalizeEmail(input.email);
      const passwordHash = await hashPassword(input.password);
      const created = await withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(clients)
          .values({
            email,
            firstName: input.first_name,
            lastName: input.last_name,
            phone: input.phone,
            passwordHash,
          })
          .onConflictDoNothing({ target: clients.email })
          .returning(clientColumns);
        if (!row) throw new AppError('CONFLICT', { fields: { email: 'validation.account.emailTaken' } });
        const session = await startSession(tx, row.id);
        log.info({ clientId: row.id }, 'client registered');
        return { client: row, ...session };
      });
      await joinGuestCart(guestCartToken, created.client.id);
      return created;
    },

    /**
     * Checks the password and starts a new session (the previous one, if the visitor had any, ends:
     * the session id rotates at login). A wrong e-mail or password is one UNAUTHORIZED, in the same time.
     * The cart the visitor built as a guest joins the account's (issue 10).
     */
    async login(
      input: LoginInput,
      previousToken: string | null = null,
      guestCartToken: string | null = null,
    ): Promise<NewSession> {
      const email = normalizeEmail(input.email);
      const [row] = await db
        .select({ id: clients.id, passwordHash: clients.passwordHash })
        .from(clients)
        .where(eq(clients.email, email));
      const ok = await verifyPassword(row?.passwordHash ?? (await decoyHash()), input.password);
      if (!row || !ok) throw new AppError('UNAUTHORIZED', { messageKey: 'apiError.account.badCredentials' });
      const started = await withTransaction(db, async (tx) => {
        if (previousToken) await tx.delete(clientSessions).where(eq(clientSessions.id, tokenHash(previousToken)));
        const session = await startSession(tx, row.id);
        return { client: await clientById(tx, row.id), ...session };
      });
      await joinGuestCart(guestCartToken, row.id);
      return started;
    },

    /** Ends the session of this token (deletes its row); an unknown token is already logged out. */
    async logout(token: string | null | undefined): Promise<void> {
      if (!token) return;
      await db.delete(clientSessions).where(eq(clientSessions.id, tokenHash(token)));
    },

    /**
     * The client of a session token, or null when there is none, it ended (idle 14 days, 60 days after
     * login) or the client is gone. Marks the session seen at most once a minute.
     */
    async sessionClient(token: string | null | undefined): Promise<CurrentClient | null> {
      if (!token || token.length > 100) return null;
      const id = tokenHash(token);
      const at = now();
      const [row] = await db
        .select({ ...clientColumns, lastSeenAt: clientSessions.lastSeenAt, expiresAt: clientSessions.expiresAt })
        .from(clientSessions)
        .innerJoin(clients, eq(clients.id, clientSessions.clientId))
        .where(eq(clientSessions.id, id));
      if (!row) return null;
      if (row.expiresAt <= at || row.lastSeenAt.getTime() + SESSION_IDLE_MS <= at.getTime()) {
        await db.delete(clientSessions).where(eq(clientSessions.id, id));
        return null;
      }
      if (at.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
        await db.update(clientSessions).set({ lastSeenAt: at }).where(eq(clientSessions.id, id));
      }
      const { lastSeenAt: _seen, expiresAt: _expires, ...client } = row;
      return client;
    },

    /**
     * Changes the password after checking the old one, and ends every other session of the client
     * (the one given by `keepSessionToken` stays). A wrong old password is a VALIDATION on old_pass.
     */
    async changePassword(clientId: number, input: ChangePasswordInput, keepSessionToken: string | null): Promise<void> {
      const [row] = await db
        .select({ passwordHash: clients.passwordHash })
        .from(clients)
        .where(eq(clients.id, clientId));
      if (!row) throw new AppError('UNAUTHORIZED');
      if (!(await verifyPassword(row.passwordHash, input.old_pass))) {
        throw new AppError('VALIDATION', { fields: { old_pass: 'validation.account.oldPasswordWrong' } });
      }
      const passwordHash = await hashPassword(input.new_pass);
      await withTransaction(db, async (tx) => {
        await tx.update(clients).set({ passwordHash, updatedAt: now() }).where(eq(clients.id, clientId));
        const others = keepSessionToken
          ? and(eq(clientSessions.clientId, clientId), ne(clientSessions.id, tokenHash(keepSessionToken)))
          : eq(clientSessions.clientId, clientId);
        await tx.delete(clientSessions).where(others);
      });
      log.info({ clientId }, 'password changed');
    },

    /**
     * Sends a reset link (SPEC §2): a new token voids the older ones; the e-mail goes through the outbox
     * in the same transaction. An address without an account is NOT_FOUND (SPEC §8, decision 014).
     */
    async requestPasswordReset(emailInput: string): Promise<void> {
      const email = normalizeEmail(emailInput);
      const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.email, email));
      if (!row) throw new AppError('NOT_FOUND', { messageKey: 'apiError.account.emailNotFound' });
      const token = newToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + RESET_TOKEN_MS);
      const link = `${options.publicUrl}/pages/reset-password?${new URLSearchParams({ token, email })}`;
      await withTransaction(db, async (tx) => {
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(and(eq(passwordResetTokens.clientId, row.id), isNull(passwordResetTokens.usedAt)));
        await tx
          .insert(passwordResetTokens)
          .values({ hash: tokenHash(token), clientId: row.id, createdAt: at, expiresAt });
        await enqueueMail(tx, { to: email, ...resetMail(link, expiresAt) });
      });
      mail.deliverSoon();
      log.info({ clientId: row.id }, 'password reset requested');
    },

    /** Whether a reset link can still be used (the page shows its banner at once, not only after submitting). */
    async resetTokenUsable(emailInput: string, token: string): Promise<boolean> {
      // A hand-edited link (a NUL byte, a huge value) is simply not usable: nothing reaches the database.
      if (!resetTokenSchema.safeParse(token).success || !emailSchema.safeParse(emailInput).success) return false;
      const [row] = await db
        .select({ hash: passwordResetTokens.hash })
        .from(passwordResetTokens)
        .innerJoin(clients, eq(clients.id, passwordResetTokens.clientId))
        .where(
          and(
            eq(passwordResetTokens.hash, tokenHash(token)),
            eq(clients.email, normalizeEmail(emailInput)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now()),
          ),
        );
      return row !== undefined;
    },

    /**
     * Sets a new password with a reset token: it must belong to this e-mail, be unused, the newest and
     * younger than 60 minutes; otherwise a VALIDATION on `token`. Every session of the client ends.
     */
    async resetPassword(input: ResetPasswordInput): Promise<void> {
      const email = normalizeEmail(input.email);
      const passwordHash = await hashPassword(input.password);
      const at = now();
      const invalid = () =>
        new AppError('VALIDATION', {
          messageKey: 'apiError.account.invalidToken',
          fields: { token: 'validation.account.tokenInvalid' },
        });
      await withTransaction(db, async (tx) => {
        // Claims the token in the same statement that checks it, so two concurrent uses cannot both pass.
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(
            and(
              eq(passwordResetTokens.hash, tokenHash(input.token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, at),
              sql`${passwordResetTokens.clientId} = (select ${clients.id} from ${clients} where ${clients.email} = ${email})`,
            ),
          )
          .returning({ clientId: passwordResetTokens.clientId });
        if (!claimed) throw invalid();
        await tx.update(clients).set({ passwordHash, updatedAt: at }).where(eq(clients.id, claimed.clientId));
        await tx.delete(clientSessions).where(eq(clientSessions.clientId, claimed.clientId));
        log.info({ clientId: claimed.clientId }, 'password reset');
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
