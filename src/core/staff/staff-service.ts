import { randomBytes } from 'node:crypto';
import { and, asc, eq, lte, ne, or } from 'drizzle-orm';
import { type ChangePasswordInput, normalizeEmail } from '../../contracts/accounts';
import { AppError } from '../../contracts/errors';
import type { CurrentStaff, NewStaffInput, StaffListItem, StaffLoginInput, StaffRole } from '../../contracts/staff';
import type { Db } from '../../db/client';
import { staffSessions, staffUsers } from '../../db/schema';
import { type Tx, withTransaction } from '../../db/transaction';
import { decoyHash, hashPassword, verifyPassword } from '../accounts/passwords';
import { newToken, tokenHash } from '../accounts/tokens';
import { recordAudit } from '../audit/audit';
import type { Logger } from '../logger';
import { newTotpSecret, openSecret, qrSvg, sealSecret, totpStep, totpUri } from './totp';

const MINUTE_MS = 60_000;
/** Issue 13 item 1: a staff session ends after 2 hours without a request, and 12 hours after login. */
export const STAFF_IDLE_MS = 120 * MINUTE_MS;
export const STAFF_ABSOLUTE_MS = 12 * 60 * MINUTE_MS;
/** last_seen_at is written at most this often. */
const TOUCH_MS = MINUTE_MS;

export interface StaffOptions {
  /** The key TOTP secrets are sealed with (server/keys.ts, purpose 'totp-secret'). */
  totpKey: Buffer;
  /** The clock; tests move it to expire sessions and to compute codes. */
  now?: () => Date;
}

export interface NewStaffSession {
  staff: CurrentStaff;
  token: string;
  expiresAt: Date;
}

type StaffRow = typeof staffUsers.$inferSelect;

function current(row: StaffRow): CurrentStaff {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    mustChangePassword: row.mustChangePassword,
    totpEnabled: row.totpSecret !== null,
  };
}

/** What the audit trail keeps of a staff member: never a hash or a secret. */
function snapshot(row: StaffRow) {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    enabled: row.enabled,
    totpEnabled: row.totpSecret !== null,
    mustChangePassword: row.mustChangePassword,
  };
}

/**
 * A one-time password: 15 random bytes as base64url (20 characters, 120 bits), told once to the person
 * and changed at their first login.
 */
function oneTimePassword(): string {
  return randomBytes(15).toString('base64url');
}

const badCredentials = () => new AppError('UNAUTHORIZED', { messageKey: 'apiError.admin.badCredentials' });

export function createStaffService(db: Db, options: StaffOptions, log: Logger) {
  const now = options.now ?? (() => new Date());

  async function rowOf(tx: Db | Tx, id: number): Promise<StaffRow> {
    const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * One change to another staff member by an admin, with its audit row in the same transaction. An admin
   * never changes their own role, access or second factor here (they could lock the shop out).
   */
  async function changeOther(
    by: number,
    id: number,
    action: string,
    change: (row: StaffRow) => Partial<StaffRow>,
    endSessions: boolean,
  ): Promise<void> {
    if (by === id) throw new AppError('VALIDATION', { fields: { id: 'validation.admin.notSelf' } });
    await withTransaction(db, async (tx) => {
      const before = await rowOf(tx, id);
      const [after] = await tx
        .update(staffUsers)
        .set({ ...change(before), updatedAt: now() })
        .where(eq(staffUsers.id, id))
        .returning();
      if (endSessions) await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
      await recordAudit(tx, {
        staffId: by,
        action,
        entity: 'staff',
        entityId: id,
        before: snapshot(before),
        after: snapshot(after),
      });
    });
    log.info({ staffId: id, by, action }, 'staff changed');
  }

  return {
    /**
     * A new staff member with a one-time password (returned once, never stored in clear). `by` is the admin
     * who created them (audited); null for the command line, which creates the first admin.
     */
    async create(
      input: NewStaffInput | Omit<NewStaffInput, 'intent'>,
      by: number | null,
    ): Promise<{ staff: StaffListItem; password: string }> {
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      const row = await withTransaction(db, async (tx) => {
        const [created] = await tx
          .insert(staffUsers)
          .values({
            email: normalizeEmail(input.email),
            name: input.name,
            role: input.role,
            passwordHash,
            mustChangePassword: true,
          })
          .onConflictDoNothing({ target: staffUsers.email })
          .returning();
        if (!created) throw new AppError('CONFLICT', { fields: { email: 'validation.admin.emailTaken' } });
        if (by !== null) {
          await recordAudit(tx, {
            staffId: by,
            action: 'staff.create',
            entity: 'staff',
            entityId: created.id,
            before: null,
            after: snapshot(created),
          });
        }
        return created;
      });
      log.info({ staffId: row.id, by }, 'staff created');
      return { staff: listItem(row), password };
    },

    /**
     * Checks e-mail, password and (once set up) the TOTP code, then starts a new session; the one the browser
     * had ends (rotation). Every refusal is the same UNAUTHORIZED, whichever part was wrong, in the same time.
     */
    async login(input: StaffLoginInput, previousToken: string | null): Promise<NewStaffSession> {
      const [row] = await db
        .select()
        .from(staffUsers)
        .where(eq(staffUsers.email, normalizeEmail(input.email)));
      const ok = await verifyPassword(row?.passwordHash ?? (await decoyHash()), input.password);
      if (!row || !ok || !row.enabled) throw badCredentials();
      const at = now();
      let step: number | null = null;
      if (row.totpSecret) {
        step = input.code ? totpStep(openSecret(options.totpKey, row.totpSecret), input.code, at) : null;
        if (step === null || (row.totpLastStep !== null && step <= row.totpLastStep)) throw badCredentials();
      }
      const token = newToken();
      const expiresAt = new Date(at.getTime() + STAFF_ABSOLUTE_MS);
      await withTransaction(db, async (tx) => {
        if (step !== null) await tx.update(staffUsers).set({ totpLastStep: step }).where(eq(staffUsers.id, row.id));
        if (previousToken) await tx.delete(staffSessions).where(eq(staffSessions.id, tokenHash(previousToken)));
        // This member's ended sessions go now, so the table holds live sessions and few others.
        await tx
          .delete(staffSessions)
          .where(
            and(
              eq(staffSessions.staffId, row.id),
              or(
                lte(staffSessions.expiresAt, at),
                lte(staffSessions.lastSeenAt, new Date(at.getTime() - STAFF_IDLE_MS)),
              ),
            ),
          );
        await tx
          .insert(staffSessions)
          .values({ id: tokenHash(token), staffId: row.id, createdAt: at, lastSeenAt: at, expiresAt });
      });
      log.info({ staffId: row.id }, 'staff logged in');
      return { staff: current(row), token, expiresAt };
    },

    async logout(token: string | null | undefined): Promise<void> {
      if (!token) return;
      await db.delete(staffSessions).where(eq(staffSessions.id, tokenHash(token)));
    },

    /** The staff member of a session token, or null: none, ended (idle 2 h, 12 h after login) or disabled. */
    async sessionStaff(token: string | null | undefined): Promise<CurrentStaff | null> {
      if (!token || token.length > 100) return null;
      const id = tokenHash(token);
      const at = now();
      const [found] = await db
        .select({ staff: staffUsers, lastSeenAt: staffSessions.lastSeenAt, expiresAt: staffSessions.expiresAt })
        .from(staffSessions)
        .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
        .where(eq(staffSessions.id, id));
      if (!found) return null;
      if (!found.staff.enabled || found.expiresAt <= at || found.lastSeenAt.getTime() + STAFF_IDLE_MS <= at.getTime()) {
        await db.delete(staffSessions).where(eq(staffSessions.id, id));
        return null;
      }
      if (at.getTime() - found.lastSeenAt.getTime() >= TOUCH_MS) {
        await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
      }
      return current(found.staff);
    },

    /**
     * A new password after the old one (the one-time password at first login): the must-change mark goes,
     * every other session of this member ends. Audited without any hash.
     */
    async changePassword(staffId: number, input: ChangePasswordInput, keepToken: string | null): Promise<void> {
      const row = await rowOf(db, staffId);
      if (!(await verifyPassword(row.passwordHash, input.old_pass))) {
        throw new AppError('VALIDATION', { fields: { old_pass: 'validation.account.oldPasswordWrong' } });
      }
      const passwordHash = await hashPassword(input.new_pass);
      await withTransaction(db, async (tx) => {
        const [after] = await tx
          .update(staffUsers)
          .set({ passwordHash, mustChangePassword: false, updatedAt: now() })
          .where(eq(staffUsers.id, staffId))
          .returning();
        const others = keepToken
          ? and(eq(staffSessions.staffId, staffId), ne(staffSessions.id, tokenHash(keepToken)))
          : eq(staffSessions.staffId, staffId);
        await tx.delete(staffSessions).where(others);
        await recordAudit(tx, {
          staffId,
          action: 'staff.password',
          entity: 'staff',
          entityId: staffId,
          before: snapshot(row),
          after: snapshot(after),
        });
      });
    },

    /**
     * The secret the setup page shows (QR code and manual key): the pending one if the page was opened before,
     * else a new one. Null once TOTP is set up: it is never shown again.
     */
    async totpSetup(staffId: number): Promise<{ secret: string; qrSvg: string } | null> {
      const row = await rowOf(db, staffId);
      if (row.totpSecret) return null;
      let secret: string;
      if (row.totpPendingSecret) secret = openSecret(options.totpKey, row.totpPendingSecret);
      else {
        secret = newTotpSecret();
        await db
          .update(staffUsers)
          .set({ totpPendingSecret: sealSecret(options.totpKey, secret) })
          .where(eq(staffUsers.id, staffId));
      }
      return { secret, qrSvg: await qrSvg(totpUri(secret, row.email)) };
    },

    /** Turns the pending secret on once a code of it is right (the app was set up); audited. */
    async totpConfirm(staffId: number, code: string): Promise<void> {
      const row = await rowOf(db, staffId);
      if (row.totpSecret || !row.totpPendingSecret)
        throw new AppError('CONFLICT', { fields: { code: 'validation.admin.totpState' } });
      const step = totpStep(openSecret(options.totpKey, row.totpPendingSecret), code, now());
      if (step === null) throw new AppError('VALIDATION', { fields: { code: 'validation.admin.codeWrong' } });
      await withTransaction(db, async (tx) => {
        const [after] = await tx
          .update(staffUsers)
          .set({ totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpLastStep: step, updatedAt: now() })
          .where(eq(staffUsers.id, staffId))
          .returning();
        await recordAudit(tx, {
          staffId,
          action: 'staff.totp-enable',
          entity: 'staff',
          entityId: staffId,
          before: snapshot(row),
          after: snapshot(after),
        });
      });
      log.info({ staffId }, 'staff TOTP set up');
    },

    async list(): Promise<StaffListItem[]> {
      const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.name), asc(staffUsers.id));
      return rows.map(listItem);
    },

    setRole: (by: number, id: number, role: StaffRole) => changeOther(by, id, 'staff.role', () => ({ role }), false),
    /** Disabling ends the member's sessions at once; their audit rows stay. */
    setEnabled: (by: number, id: number, enabled: boolean) =>
      changeOther(by, id, enabled ? 'staff.enable' : 'staff.disable', () => ({ enabled }), !enabled),
    /**
     * 2FA recovery by another admin (a lost phone): the member's TOTP goes and their sessions end; their next
     * login (with their password) leads to a new setup.
     */
    resetTotp: (by: number, id: number) =>
      changeOther(
        by,
        id,
        'staff.totp-reset',
        () => ({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }),
        true,
      ),

    /** A new one-time password for a member who forgot theirs (told to them by the admin), sessions ended. */
    async resetPassword(by: number, id: number): Promise<string> {
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      await changeOther(by, id, 'staff.password-reset', () => ({ passwordHash, mustChangePassword: true }), true);
      return password;
    },
  };
}

function listItem(row: StaffRow): StaffListItem {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    enabled: row.enabled,
    totpEnabled: row.totpSecret !== null,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
