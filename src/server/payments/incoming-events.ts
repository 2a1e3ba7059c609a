/**
 * Incoming payment events: what the payment provider posts to POST /api/webhooks/payments (its
 * "webhook"; the site's own outgoing webhooks are src/server/webhooks/). Verify the signature on the raw
 * body with Stripe's own library, then apply the event once. The event id is recorded in the
 * same transaction as its effect, so a repeated delivery is acknowledged and changes nothing.
 */
import Stripe from 'stripe';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { COMMISSION_WITHHELD_LABELS } from '../../domain/affiliates/own-purchase.ts';
import { formatMoney } from '../../domain/money.ts';
import { readPaymentEvent, type PaymentChange } from '../../domain/payments/provider-event.ts';
import { recordSystemAudit } from '../audit/audit-log.ts';
import type { Database } from '../db/client.ts';
import { heldPayments, paymentEvents, purchases } from '../db/schema.ts';
import { log } from '../log.ts';
import { queueEventMessages } from '../outbound/event-mail.ts';
import { wakeOutbound } from '../outbound/wake.ts';
import { buyerOf, findBuyer, type Grant } from './buyer.ts';
import { saleProblem } from './sale-problems.ts';
import { grantPass, type NewPass } from './passes.ts';
import { tierNamesOfEdition, tierNamesOfRegistrant } from './pass-names.ts';
import { withPassKind } from './pass-of-metadata.ts';
import { checkoutClient } from './checkout-config.ts';
import { fetchReceiptLink } from './receipt-link.ts';
import { applyDispute, applyRefund, applyTakeBack, type ReversalOutcome } from './reversals.ts';
import { bookSale, reversalOf } from './sale-bookings.ts';
import { withTestDefaults } from './test-sales.ts';

export const PROVIDER_ACTOR = 'Payment provider';

/** A bad signature, or a signed body that is not an event: refused with 400, nothing changed. */
export class SignatureError extends Error {}

const eventShape = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  livemode: z.boolean().nullish(),
  data: z.object({ object: z.unknown() }),
});

export interface VerifiedEvent {
  id: string;
  type: string;
  object: unknown;
  /** The provider's test mode (`livemode: false`), as `npm run payment:test-event` sends: a test payment (decision 0074). */
  test?: boolean;
}

/** Verifies the provider's signature over the exact bytes received; only then is the body parsed. */
export function verifyEvent(rawBody: Buffer, signatureHeader: string | null, secret: string): VerifiedEvent {
  if (!signatureHeader) throw new SignatureError('The request has no Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch {
    throw new SignatureError('The signature does not match this endpoint’s secret.');
  }
  // Signed is not the same as well-formed: `[1,2,3]`, `null` or `{}` were 500s.
  const shaped = eventShape.safeParse(event);
  if (!shaped.success) throw new SignatureError('The event has no id, type or data object.');
  return { id: shaped.data.id, type: shaped.data.type, object: shaped.data.data.object, test: shaped.data.livemode === false };
}

export type WebhookOutcome =
  | { result: 'duplicate' }
  | { result: 'ignored'; why: string }
  /** Paid, but not to be granted as it came (saleProblem, or nobody to grant it to): held for the admin with `why`. */
  | { result: 'held'; why: string }
  | { result: 'granted'; registrantId: number; tier: string }
  /** The checkout of a payment already refunded or disputed: recorded as such, nothing granted. */
  | { result: 'already-taken-back'; registrantId: number }
  | ReversalOutcome;

export type { Grant };

const moneyText = (amount: number | null, currency: string | null) =>
  amount === null || !currency ? 'amount unknown' : formatMoney(amount, currency);

const noRegistration = (change: Grant) =>
  `no registration matches ${change.email ?? 'the buyer'}${change.edition ? ` in edition "${change.edition}"` : ''}`;

export async function applyGrant({
  tx,
  event,
  change: given,
  now,
  actor = PROVIDER_ACTOR,
}: {
  tx: Database;
  event: VerifiedEvent;
  change: Grant;
  now: Date;
  /** Who the audit log names: the provider, or the API token that reported a sale made elsewhere. */
  actor?: string;
}): Promise<WebhookOutcome> {
  // The same checkout session (or payment) sent again under a new event id grants nothing more.
  const [already] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.paymentRef, given.paymentRef), eq(purchases.source, 'provider')))
    .limit(1);
  if (already) return { result: 'duplicate' };
  const found = await findBuyer(tx, given);
  if (!found) return holdPayment(tx, { event, change: given, why: noRegistration(given) });
  // A test payment sent without an amount is one of the edition's pass at its price now (decision 0074).
  const change = event.test ? await withTestDefaults(tx, given, { editionId: found.editionId, now }) : given;
  const problem = await saleProblem(tx, { eventType: event.type, change, found });
  if (problem) return holdPayment(tx, { event, change, why: problem });
  const registrantId = await buyerOf(tx, change, found);
  if (registrantId === null) return holdPayment(tx, { event, change, why: noRegistration(change) });
  // The purchase as the provider sold it, recorded the same whether it grants a pass or was already taken back.
  const bought = {
    pass: change.pass,
    source: 'provider',
    amount: change.amount,
    currency: change.currency,
    providerEventId: event.id,
    paymentRef: change.paymentRef,
    tax: change.tax ?? null,
    receiptUrl: change.receiptUrl ?? null,
    test: event.test === true,
  } satisfies NewPass;
  const sale = { registrantId, editionId: found.editionId, change, now, test: event.test === true };
  const reversal = await reversalOf(tx, change.paymentRef);
  if (reversal && reversal.status !== 'partly-refunded') {
    // Refunded or disputed before this checkout arrived: recorded, never active, its commission booked as far reversed.
    const [row] = await tx
      .insert(purchases)
      .values({ registrantId, ...bought, status: reversal.status, endedAt: reversal.at })
      .returning({ id: purchases.id });
    await bookSale(tx, { ...sale, purchaseId: row!.id, reversal });
    return { result: 'already-taken-back', registrantId };
  }
  const { purchaseId, from, to } = await grantPass(tx, registrantId, bought);
  const credit = await bookSale(tx, { ...sale, purchaseId, reversal });
  const unknown = credit.unknownCode ? ` (the checkout's affiliate code "${credit.unknownCode}" is no share link of the edition)` : '';
  const withheld = credit.withheld ? ` (no commission: ${COMMISSION_WITHHELD_LABELS[credit.withheld]})` : '';
  if (unknown) log.warn({ code: credit.unknownCode, purchaseId }, 'payment webhook: unknown affiliate code');
  await recordSystemAudit(tx, actor, {
    action: 'create',
    entityType: 'purchases',
    entityId: purchaseId,
    summary: `Registrant #${registrantId} ${event.test ? 'was granted by a test payment' : 'bought'} the ${(await tierNamesOfRegistrant(tx, registrantId))[change.pass]}${unknown}${withheld}`,
    details: {
      registrantId,
      eventId: event.id,
      pass: change.pass,
      amount: change.amount,
      currency: change.currency,
      from,
      to,
      affiliateLinkId: credit.shareLinkId,
      ...(credit.withheld ? { commissionWithheld: credit.withheld } : {}),
      ...(credit.unknownCode ? { unknownAffiliate: credit.unknownCode } : {}),
    },
  });
  await queuePurchaseMail(tx, { registrantId, purchaseId, now, receipt: actor === PROVIDER_ACTOR });
  return { result: 'granted', registrantId, tier: to };
}

/**
 * The edition's editable pass confirmation and any of the host's own pass-purchase messages, and
 * for a sale through the provider its receipt, sent by the mail worker. Due at once on whichever
 * clock the worker reads (a test may have moved the request's).
 */
async function queuePurchaseMail(tx: Database, sale: { registrantId: number; purchaseId: number; now: Date; receipt: boolean }) {
  const due = new Date(Math.min(sale.now.getTime(), Date.now()));
  const eventRef = `purchase:${sale.purchaseId}`;
  await queueEventMessages({ db: tx, registrantId: sale.registrantId, event: 'pass-purchase', eventRef, now: due });
  if (sale.receipt) await queueEventMessages({ db: tx, registrantId: sale.registrantId, event: 'payment', eventRef, now: due });
}

/**
 * A paid checkout that cannot be granted as it came (nobody can be found for it, a currency the
 * edition does not sell in, another edition's registrant, an amount not above zero): acknowledged, so the provider does not retry forever,
 * granting and booking nothing, and held (held-payments.ts) with everything the admin needs: the
 * admin shows it until it is assigned to a registration. The audit log says why.
 */
async function holdPayment(
  tx: Database,
  { event, change, why }: { event: VerifiedEvent; change: Grant; why: string },
): Promise<WebhookOutcome> {
  const held = {
    eventId: event.id,
    pass: change.pass,
    email: change.email,
    name: change.name,
    edition: change.edition,
    amount: change.amount,
    currency: change.currency,
    paymentRef: change.paymentRef,
    test: event.test === true,
  };
  await tx
    .insert(heldPayments)
    .values({ ...held, reason: why })
    .onConflictDoNothing({ target: heldPayments.paymentRef });
  await recordSystemAudit(tx, PROVIDER_ACTOR, {
    action: 'create',
    entityType: 'held-payments',
    entityId: null,
    summary: `Held a paid ${(await tierNamesOfEdition(tx, change.edition))[change.pass]} (${moneyText(change.amount, change.currency)}${event.test ? ', a test payment' : ''}): ${why}; assign it under Held payments`,
    details: { ...held, why },
  });
  return { result: 'held', why };
}

/** Whether this event, or the sale it reports, was handled already (no need to ask the provider for its receipt). */
async function handledAlready(db: Database, eventId: string, paymentRef: string): Promise<boolean> {
  const [seen] = await db.select({ id: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId)).limit(1);
  if (seen) return true;
  const [sold] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.paymentRef, paymentRef), eq(purchases.source, 'provider')))
    .limit(1);
  return sold !== undefined;
}

export async function applyPaymentEvent(db: Database, event: VerifiedEvent, now: Date): Promise<WebhookOutcome> {
  const change = readPaymentEvent(event.type, await withPassKind(db, event.type, event.object));
  // The receipt link is asked for outside the transaction (docs/decisions/0065): a slow provider holds no lock.
  if (change.kind === 'grant' && checkoutClient() && !(await handledAlready(db, event.id, change.paymentRef))) {
    return applyPaymentChange({ db, event, change: { ...change, receiptUrl: await fetchReceiptLink(change) }, now });
  }
  return applyPaymentChange({ db, event, change, now });
}

/** Outcomes that queue e-mails (the pass confirmation and receipt, the refund notice). */
const QUEUES_MAIL = new Set<WebhookOutcome['result']>(['granted', 'refunded-in-part', 'taken-back']);

/**
 * Applies one change once per event id, as the provider's webhook does; the API reports sales made
 * in other checkouts through here too (docs/decisions/0060), so access, e-mails, insights and
 * events are the same.
 */
export async function applyPaymentChange({
  db,
  event,
  change,
  now,
  actor = PROVIDER_ACTOR,
}: {
  db: Database;
  event: VerifiedEvent;
  change: PaymentChange;
  now: Date;
  actor?: string;
}): Promise<WebhookOutcome> {
  const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [first] = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing({ target: paymentEvents.eventId })
      .returning({ eventId: paymentEvents.eventId });
    if (!first) return { result: 'duplicate' };
    const context = { tx, eventId: event.id, now, actor };
    switch (change.kind) {
      case 'ignore':
        return { result: 'ignored', why: change.why };
      case 'grant':
        return applyGrant({ tx, event, change, now, actor });
      case 'refund':
        return applyRefund(context, change);
      case 'dispute':
        return applyDispute(context, change);
      case 'take-back':
        return applyTakeBack(context, change);
    }
  });
  if (QUEUES_MAIL.has(outcome.result)) wakeOutbound();
  return outcome;
}
