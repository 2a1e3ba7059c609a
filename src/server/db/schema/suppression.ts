/**
 * The site's one suppression list (docs/decisions/0082): addresses that get no further e-mail (but
 * the access links they ask for themselves), the soft bounces counted towards it, and the new
 * addresses registrants whose address bounced asked for.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
