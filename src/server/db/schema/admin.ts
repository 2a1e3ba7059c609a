/** The admin: who may sign in, their sessions, and the audit trail of what they changed. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, timestampTz } from './columns.ts';

/** People who may sign in to /admin. An account has an e-mail, a phone number, or both. */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: identityId(),
    email: text('email'),
    phone: text('phone'),
    /** scrypt$N$r$p$salt$hash (src/server/auth/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    lastSignInAt: timestampTz('last_sign_in_at'),
  },
  (t) => [
    uniqueIndex('admin_users_email_key').on(t.email),
    uniqueIndex('admin_users_phone_key').on(t.phone),
    check('admin_users_has_identifier', sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);

/** Signed-in admin sessions. Only a hash of the cookie's token is stored. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [index('admin_sessions_user_idx').on(t.userId)],
);

/** Who changed what and when (the admin's audit trail). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: identityId(),
    actorId: integer('actor_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** Kept when the account is deleted later. */
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);
