/**
 * The site's one suppression list (docs/decisions/0082): addresses that get no further e-mail (but
 * the access links they ask for themselves), and the soft bounces counted towards it.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { suppressionReasons } from '../../../domain/suppression/suppression.ts';
import { identityId, timestampTz } from './columns.ts';

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
