import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffSessions, staffUsers } from '../../db/schema';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';
import { silentLogger } from '../logger';
import { createAuditService } from '../audit/audit';
import { createStaffService, STAFF_ABSOLUTE_MS, STAFF_IDLE_MS } from './staff-service';

const MINUTE = 60_000;
const codeAt = (secret: string, at: Date) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });

describe.each(testDatabases)('staff accounts on $name', ({ url }) => {
  let db: TestDb;
  let clock = new Date('2026-11-25T08:00:00Z');
  const key = randomBytes(32);
  const service = () => createStaffService(db.db, { totpKey: key, now: () => clock }, silentLogger);
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    db = await createTestDb(url);
  });
  afterAll(async () => {
    await db.close();
  });

  /** An admin with a changed password and TOTP on; answers the secret. */
  async function readyAdmin(email: string) {
    const staff = service();
    const { staff: created, password } = await staff.create({ email, name: 'Ana Pop', role: 'admin' }, null);
    await staff.changePassword(
      created.id,
      { old_pass: password, new_pass: 'parola-noua-1', new_pass_confirmation: 'parola-noua-1' },
      null,
    );
    const setup = await staff.totpSetup(created.id);
    if (!setup) throw new Error('no setup');
    await staff.totpConfirm(created.id, codeAt(setup.secret, clock));
    later(30_000);
    return { id: created.id, secret: setup.secret };
  }

  it('creates a member with a one-time password that must be changed, refusing a second of the same e-mail', async () => {
    const staff = service();
    const { staff: created, password } = await staff.create(
      { email: 'Ion@Example.ro', name: 'Ion', role: 'operator' },
      null,
    );
    expect(created).toMatchObject({
      email: 'ion@example.ro',
      role: 'operator',
      mustChangePassword: true,
      enabled: true,
    });
    expect(password).toMatch(/^[\w-]{20}$/);
    const { staff: me, token } = await staff.login({ email: 'ion@example.ro', password }, null);
    expect(me).toMatchObject({ mustChangePassword: true, totpEnabled: false });
    expect(await staff.sessionStaff(token)).toMatchObject({ id: created.id });
    await expect(
      staff.create({ email: 'ion@example.ro', name: 'Alt Ion', role: 'editor' }, null),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('sets TOTP up with a confirmed code, keeps the secret sealed, and then requires a fresh code at login', async () => {
    const staff = service();
    const { id, secret } = await readyAdmin('totp@example.ro');
    const [row] = await db.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(secret);
    expect(row.totpPendingSecret).toBeNull();
    // Never shown again once on.
    expect(await staff.totpSetup(id)).toBeNull();
    const login = (code?: string) => staff.login({ email: 'totp@example.ro', password: 'parola-noua-1', code }, null);
    await expect(login()).rejects.toMatchObject({ code: 'UNAUTHORIZED', messageKey: 'apiError.admin.badCredentials' });
    await expect(login('000000')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const code = codeAt(secret, clock);
    const { staff: me } = await login(code);
    expect(me.totpEnabled).toBe(true);
    // The same code a second time (seen over a shoulder) is refused.
    await expect(login(code)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // A wrong password with a right code is the same refusal.
    later(30_000);
    await expect(
      staff.login({ email: 'totp@example.ro', password: 'gresita-1', code: codeAt(secret, clock) }, null),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', messageKey: 'apiError.admin.badCredentials' });
  });

  it('refuses a wrong confirmation code and keeps the pending secret across page loads', async () => {
    const staff = service();
    const { staff: created } = await staff.create({ email: 'pending@example.ro', name: 'P', role: 'editor' }, null);
    const first = await staff.totpSetup(created.id);
    const again = await staff.totpSetup(created.id);
    expect(again?.secret).toBe(first?.secret);
    expect(first?.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    await expect(staff.totpConfirm(created.id, '123456')).rejects.toMatchObject({
      code: 'VALIDATION',
      fields: { code: 'validation.admin.codeWrong' },
    });
  });

  it('ends a session after 2 idle hours and 12 hours after login, and rotates it at login', async () => {
    const staff = service();
    const { secret } = await readyAdmin('clock@example.ro');
    const login = async (previous: string | null = null) => {
      later(30_000);
      return staff.login(
        { email: 'clock@example.ro', password: 'parola-noua-1', code: codeAt(secret, clock) },
        previous,
      );
    };
    const idle = await login();
    later(STAFF_IDLE_MS - MINUTE);
    expect(await staff.sessionStaff(idle.token)).not.toBeNull();
    later(STAFF_IDLE_MS - MINUTE);
    expect(await staff.sessionStaff(idle.token)).not.toBeNull();
    later(STAFF_IDLE_MS);
    expect(await staff.sessionStaff(idle.token)).toBeNull();

    const busy = await login();
    for (let at = 0; at < STAFF_ABSOLUTE_MS - 60 * MINUTE; at += 60 * MINUTE) {
      later(60 * MINUTE);
      expect(await staff.sessionStaff(busy.token)).not.toBeNull();
    }
    later(61 * MINUTE);
    expect(await staff.sessionStaff(busy.token)).toBeNull();

    const before = await login();
    const after = await login(before.token);
    expect(await staff.sessionStaff(before.token)).toBeNull();
    expect(await staff.sessionStaff(after.token)).not.toBeNull();
  });

  it("audits each admin's change to another member in the same transaction, and never lets one change themself", async () => {
    const staff = service();
    const { id: adminId } = await readyAdmin('boss@example.ro');
    const { staff: other, password } = await staff.create(
      { email: 'other@example.ro', name: 'Other', role: 'editor' },
      adminId,
    );
    const { token } = await staff.login({ email: 'other@example.ro', password }, null);
    await staff.setRole(adminId, other.id, 'operator');
    await staff.setEnabled(adminId, other.id, false);
    // Disabling ends the sessions at once, and the login is refused.
    expect(await staff.sessionStaff(token)).toBeNull();
    await expect(staff.login({ email: 'other@example.ro', password }, null)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    await staff.setEnabled(adminId, other.id, true);
    const newPassword = await staff.resetPassword(adminId, other.id);
    expect(newPassword).not.toBe(password);
    await expect(staff.setRole(adminId, adminId, 'editor')).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(staff.resetTotp(adminId, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const rows = await db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(other.id)));
    expect(rows.map((r) => r.action)).toEqual([
      'staff.create',
      'staff.role',
      'staff.disable',
      'staff.enable',
      'staff.password-reset',
    ]);
    expect(rows.every((r) => r.staffId === adminId && r.entity === 'staff')).toBe(true);
    expect(rows[1]).toMatchObject({ before: { role: 'editor' }, after: { role: 'operator' } });
    expect(JSON.stringify(rows)).not.toMatch(/argon2|password_hash|passwordHash|v1\./);

    const page = await createAuditService(db.db).list({ page: 1, entity: 'staff', staff: adminId });
    expect(page.rows[0]).toMatchObject({ action: 'staff.password-reset', staffName: 'Ana Pop' });
    expect(page.total).toBeGreaterThanOrEqual(5);
    const none = await createAuditService(db.db).list({ page: 1, from: '2030-01-01' });
    expect(none).toMatchObject({ total: 0, rows: [], lastPage: 1 });
  });

  it('2FA recovery by another admin: the TOTP goes, the sessions end, the next login leads to a new setup', async () => {
    const staff = service();
    const { id: adminId } = await readyAdmin('rescuer@example.ro');
    const { id: lostId, secret } = await readyAdmin('lost-phone@example.ro');
    const { token } = await staff.login(
      { email: 'lost-phone@example.ro', password: 'parola-noua-1', code: codeAt(secret, clock) },
      null,
    );
    await staff.resetTotp(adminId, lostId);
    expect(await staff.sessionStaff(token)).toBeNull();
    const { staff: me } = await staff.login({ email: 'lost-phone@example.ro', password: 'parola-noua-1' }, null);
    expect(me.totpEnabled).toBe(false);
    const [audit] = await db.db.select().from(auditLog).where(eq(auditLog.action, 'staff.totp-reset'));
    expect(audit).toMatchObject({ staffId: adminId, before: { totpEnabled: true }, after: { totpEnabled: false } });
    expect(await db.db.select().from(staffSessions).where(eq(staffSessions.staffId, lostId))).toHaveLength(1);
  });
});
