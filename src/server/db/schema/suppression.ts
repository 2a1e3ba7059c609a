/**
 * The site's one suppression list (docs/decisions/0082): addresses that get no further e-mail (but
 * the access links they ask for themselves), the soft bounces counted towards it, and the new
 * addresses registrants whose address bounced asked for.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { suppressionReasons } from '../../../domain/suppression/suppression.ts';
import { createdAt, identityId, timestampTz } from './columns.ts';
import { registrantId } from './registrants.ts';

/**
 * One row per suppression, kept when lifted (the admin sees the history): `address` as the site
 * stores addresses (normalisedEmail: trimmed, lower case), at most one row in force per address.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    id: identityId(),
    address: text('address').notNull(),
    reason: text('reason', { enum: suppressionReasons }).notNull(),
    /** The SMTP answer or the provider's diagnostic, one line, bounded (MAX_SUPPRESSION_DETAIL). */
    detail: text('detail').notNull().default(''),
    since: timestampTz('since').notNull(),
    liftedAt: timestampTz('lifted_at'),
    /** The admin who lifted it, as the audit trail labels them. */
    liftedBy: text('lifted_by'),
  },
  (t) => [
    uniqueIndex('email_suppressions_in_force')
      .on(t.address)
      .where(sql`${t.liftedAt} is null`),
    index('email_suppressions_since_idx').on(t.since, t.id),
  ],
);

/** Soft bounces in a row per address: a delivered copy removes the row, the third bounce suppresses. */
export const emailSoftBounces = pgTable('email_soft_bounces', {
  address: text('address').primaryKey(),
  count: integer('count').notNull().default(0),
  lastDetail: text('last_detail').notNull().default(''),
  lastAt: timestampTz('last_at').notNull(),
});

/**
 * A registrant's new address, waiting for its confirmation (docs/decisions/0082): the change applies
 * only when the link sent to the new address is opened and confirmed, once, before it expires. Only
 * the token's SHA-256 is stored.
 */
export const emailAddressChanges = pgTable(
  'email_address_changes',
  {
    id: identityId(),
    registrantId: registrantId().notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
  },
  (t) => [uniqueIndex('email_address_changes_token_key').on(t.tokenHash)],
);

/**
 * The provider notifications already applied (docs/decisions/0086), by provider and the event's
 * own id: one seen again (a provider's retry, a replayed request) changes nothing. Kept as long as
 * a notification's time may be old and still accepted (MAX_FEEDBACK_AGE_DAYS), so it stays bounded.
 */
export const mailFeedbackSeen = pgTable(
  'mail_feedback_seen',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    seenAt: timestampTz('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('mail_feedback_seen_at_idx').on(t.seenAt)],
);

/**
 * The e-mails every process together has sent in the current second (MAIL_RATE_PER_SECOND,
 * docs/decisions/0086): one row, locked while a process takes its share of the second.
 */
export const mailSendPace = pgTable('mail_send_pace', {
  id: smallint('id').primaryKey(),
  second: bigint('second', { mode: 'number' }).notNull().default(0),
  used: integer('used').notNull().default(0),
});
