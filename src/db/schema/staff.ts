import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The association's staff (issue 13 item 1), separate from clients: no staff member is a client and a
 * client session opens nothing here. The e-mail is stored trimmed and lower-cased.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** argon2id (PHC string), as clients' (core/accounts/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    /** Set for a one-time password (the CLI, an admin's create): the next login must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** The TOTP secret, AES-256-GCM encrypted with a key derived from SESSION_SECRET; null until set up. */
    totpSecret: text('totp_secret'),
    /** A secret shown on the setup page and not yet confirmed with a code (encrypted the same way). */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted, so a code seen over a shoulder cannot be used again. */
    totpLastStep: integer('totp_last_step'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_users_email_key').on(t.email),
    check('staff_users_role_check', sql`${t.role} in ('admin', 'operator', 'editor')`),
  ],
);

/**
 * Staff sessions, apart from clients' (their own cookie and lifetimes: idle 2 h, absolute 12 h). The id
 * is the SHA-256 (hex) of the cookie's token, as for clients.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Every staff write (issue 13 item 6): who, when, what, and the entity before and after, written in the
 * same transaction as the write itself (core/audit/audit.ts), so a change without its row cannot exist.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_at_idx').on(t.staffId, t.at),
    index('audit_log_entity_at_idx').on(t.entity, t.at),
  ],
);
