import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A client's account. The e-mail is stored trimmed and lower-cased, so it is unique however it was typed. */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    /** argon2id (PHC string); never the password. */
    passwordHash: text('password_hash').notNull(),
    /** SPEC §2 Notificari: on for new accounts. */
    notifications: boolean('notifications').notNull().default(true),
    /** Path of the uploaded photo under DATA_DIR; null shows the initials. */
    avatar: text('avatar'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clients_email_key').on(t.email)],
);

/**
 * Server-side sessions (DESIGN §2). The id is the SHA-256 (hex) of the random token in the cookie: a
 * copy of this table cannot be replayed as cookies.
 */
export const clientSessions = pgTable(
  'client_sessions',
  {
    id: text('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end (60 days after login), whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('client_sessions_client_idx').on(t.clientId)],
);

/** Password-reset tokens, kept only as SHA-256 hashes; single use, 60 minutes, a newer one voids the older. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    hash: text('hash').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_client_idx').on(t.clientId).where(sql`${t.usedAt} is null`)],
);
