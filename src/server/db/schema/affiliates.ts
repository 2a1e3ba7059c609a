/**
 * The commission ledger: every change to what an affiliate (a share link) is owed is one row,
 * never updated or deleted (a trigger in the migration refuses both, except when the edition
 * itself is deleted). Balances, the admin's Affiliates screen, the payouts CSV and the affiliate's
 * own page all sum these rows.
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { commissionCauses } from '../../../domain/affiliates/commission-causes.ts';
import { createdAt, identityId, timestampTz } from './columns.ts';
import { editionId } from './editions.ts';
import { shareLinks } from './attribution.ts';

export const commissionEntries = pgTable(
  'commission_entries',
  {
    id: identityId(),
    editionId: editionId(),
    shareLinkId: integer('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    /** The sale the row is about; no foreign key, so an erased buyer leaves the money's history whole. */
    purchaseId: integer('purchase_id'),
    cause: text('cause', { enum: commissionCauses }).notNull(),
    /** Signed, in the edition currency's minor units: earned (+), reversed (-), paid out (+ on a payout row). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** A purchase's commission is pending until then, approved after (the hold period). */
    approvesAt: timestampTz('approves_at'),
    /** What caused it, once: `purchase:{id}`, `refund:{id}:{refunded so far}`, a payout's own key... */
    causeKey: text('cause_key').notNull(),
    /** A payout's reference (bank transfer, PayPal id) or an adjustment's reason, as the admin typed it. */
    reference: text('reference'),
    /** When it happened (a payout's date as recorded), which may differ from when it was written. */
    occurredAt: timestampTz('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('commission_entries_cause_key').on(t.causeKey),
    index('commission_entries_link_idx').on(t.shareLinkId),
    index('commission_entries_purchase_idx').on(t.purchaseId),
  ],
);
