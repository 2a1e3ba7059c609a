/** Passes registrants bought or were granted, and the payment provider's events already handled. */
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { passKinds } from '../../../domain/passes.ts';
import { createdAt, identityId, timestampTz } from './columns.ts';
import { registrantId } from './registrants.ts';

/** A pass a registrant holds or held: bought through the payment provider or granted in the admin. */
export const purchases = pgTable(
  'purchases',
  {
    id: identityId(),
    registrantId: registrantId().notNull(),
    pass: text('pass', { enum: passKinds }).notNull(),
    source: text('source', { enum: ['provider', 'admin'] }).notNull(),
    /** In the currency's smallest unit (cents), as the provider reports it. */
    amount: integer('amount'),
    currency: text('currency'),
    providerEventId: text('provider_event_id'),
    /** The provider's payment (payment_intent) id: what refunds and disputes name. */
    paymentRef: text('payment_ref'),
    status: text('status', { enum: ['active', 'refunded', 'disputed', 'removed'] })
      .notNull()
      .default('active'),
    /** The tax in `amount` (minor units), as the provider's checkout reports it; null: none reported. */
    tax: integer('tax'),
    /** So far refunded of `amount` (minor units): the provider reports the running total. */
    refunded: integer('refunded').notNull().default(0),
    /** The provider's invoice or receipt page for the buyer, when it has one. */
    receiptUrl: text('receipt_url'),
    /**
     * The share link the sale is credited to (the checkout's metadata.affiliate, else the
     * registration's source), fixed at the sale: a later change of attribution moves no money.
     */
    affiliateLinkId: integer('affiliate_link_id'),
    /** Why the affiliate credited earned nothing on it (docs/decisions/0069); null: booked as the rate gives. */
    commissionWithheld: text('commission_withheld', { enum: ['own-purchase'] }),
    /**
     * A test payment (the provider's test mode, `livemode: false`; `npm run payment:test-event`):
     * it grants its pass like any sale, but counts in no real figure and can be removed (decision 0074).
     */
    test: boolean('test').notNull().default(false),
    createdAt: createdAt(),
    endedAt: timestampTz('ended_at'),
    /**
     * The buyer's name and e-mail, copied here when retention anonymises the registrant and kept
     * for the edition's legal period (docs/decisions/0085); null otherwise (the registrant's row names them).
     */
    buyerName: text('buyer_name'),
    buyerEmail: text('buyer_email'),
  },
  (t) => [
    index('purchases_registrant_idx').on(t.registrantId),
    index('purchases_payment_ref_idx').on(t.paymentRef),
    index('purchases_affiliate_idx').on(t.affiliateLinkId),
  ],
);

/** Provider events already handled, by id: a repeated delivery is acknowledged and changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestampTz('received_at').notNull().defaultNow(),
});

/**
 * Payments refunded or disputed before their checkout arrived (events come in any order): the
 * checkout, when it comes, records its pass as already taken back (`refunded`, `disputed`), or
 * grants it with the part already refunded (`partly-refunded`), and its commission comes out
 * reversed as far (docs/decisions/0065).
 */
export const paymentReversals = pgTable('payment_reversals', {
  paymentRef: text('payment_ref').primaryKey(),
  status: text('status', { enum: ['refunded', 'disputed', 'partly-refunded'] }).notNull(),
  at: timestampTz('at').notNull(),
  /** The running total refunded so far (minor units), as the provider reported it; 0: unknown or none. */
  refunded: integer('refunded').notNull().default(0),
});

/**
 * Paid checkouts that cannot be granted as they came (no registration could be found or made for
 * them, another currency, another edition's registrant, an amount not above zero): acknowledged
 * to the provider, kept here with the reason and shown in the admin until an admin assigns each.
 */
export const heldPayments = pgTable('held_payments', {
  id: identityId(),
  eventId: text('event_id').notNull(),
  pass: text('pass', { enum: passKinds }).notNull(),
  email: text('email'),
  name: text('name'),
  /** metadata.edition as the provider sent it (it names no edition here). */
  edition: text('edition'),
  amount: integer('amount'),
  currency: text('currency'),
  /** The provider's payment id: one held row per payment, and what a later refund names. */
  paymentRef: text('payment_ref').notNull().unique(),
  heldAt: timestampTz('held_at').notNull().defaultNow(),
  /** Why it was held, as the admin reads it; null on rows held before reasons were kept. */
  reason: text('reason'),
  /** A test payment (decision 0074): labelled as such, and removed with the edition's other test payments. */
  test: boolean('test').notNull().default(false),
  assignedAt: timestampTz('assigned_at'),
  assignedRegistrantId: integer('assigned_registrant_id'),
});
