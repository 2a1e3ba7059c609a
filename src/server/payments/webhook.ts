/**
 * The payment provider's webhook (POST /api/webhooks/payments): verify the signature on the raw
 * body with Stripe's own library, then apply the event once. The event id is recorded in the
 * same transaction as its effect, so a repeated delivery is acknowledged and changes nothing.
 */
import Stripe from 'stripe';
import { z } from 'zod';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { readPaymentEvent, type PaymentChange } from '../../domain/payments/provider-event.ts';
import { DEFAULT_SUMMIT } from '../../domain/summit-path.ts';
import { findHomeEdition } from '../editions/home-edition.ts';
import { recordSystemAudit } from '../audit/audit-log.ts';
import type { Database } from '../db/client.ts';
import { editions, heldPayments, paymentEvents, paymentReversals, purchases, registrants } from '../db/schema.ts';
import { notifyMailQueued } from '../mail/worker.ts';
import { queueEventMessages } from '../mail/scheduler.ts';
import { grantPass, recomputeTier, takeBackPayments, type NewPass } from './passes.ts';
import { tierNamesOfEdition, tierNamesOfRegistrant } from './pass-names.ts';
import { buyerFirstName } from '../../domain/one-line-name.ts';

export const PROVIDER_ACTOR = 'Payment provider';

/** A bad signature, or a signed body that is not an event: refused with 400, nothing changed. */
export class SignatureError extends Error {}

const eventShape = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.unknown() }),
});

export interface VerifiedEvent {
  id: string;
  type: string;
  object: unknown;
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
  return { id: shaped.data.id, type: shaped.data.type, object: shaped.data.data.object };
}

export type WebhookOutcome =
  | { result: 'duplicate' }
  | { result: 'ignored'; why: string }
  /** Paid, but no registrant can be found or made: kept in the audit log for the admin to grant by hand. */
  | { result: 'held'; why: string }
  | { result: 'granted'; registrantId: number; tier: string }
  /** The checkout of a payment already refunded or disputed: recorded as such, nothing granted. */
  | { result: 'already-taken-back'; registrantId: number }
  | { result: 'taken-back'; registrants: number[] }
  | { result: 'restored'; registrants: number[] };

export type Grant = Extract<PaymentChange, { kind: 'grant' }>;

/**
 * The buyer: by our reference, else by e-mail (in the named edition, else their latest
 * registration), else a new registrant (of the named edition, else the home page's).
 */
async function findOrCreateBuyer(tx: Database, change: Grant): Promise<number | null> {
  if (change.registrantId !== null) {
    const [row] = await tx.select({ id: registrants.id }).from(registrants).where(eq(registrants.id, change.registrantId)).limit(1);
    if (row) return row.id;
  }
  if (!change.email) return null;
  const [edition] = await tx
    .select({ id: editions.id })
    .from(editions)
    .where(eq(editions.slug, change.edition ?? (await findHomeEdition(tx))?.slug ?? DEFAULT_SUMMIT))
    .limit(1);
  const byEmail =
    change.edition && edition
      ? and(eq(registrants.email, change.email), eq(registrants.editionId, edition.id))
      : eq(registrants.email, change.email);
  const [known] = await tx.select({ id: registrants.id }).from(registrants).where(byEmail).orderBy(desc(registrants.createdAt)).limit(1);
  if (known) return known.id;
  if (!edition) return null;
  const [created] = await tx
    .insert(registrants)
    .values({ editionId: edition.id, email: change.email, firstName: buyerFirstName(change.name) })
    .onConflictDoNothing({ target: [registrants.editionId, registrants.email] })
    .returning({ id: registrants.id });
  return created?.id ?? null;
}

export async function applyGrant({
  tx,
  event,
  change,
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
    .where(and(eq(purchases.paymentRef, change.paymentRef), eq(purchases.source, 'provider')))
    .limit(1);
  if (already) return { result: 'duplicate' };
  const registrantId = await findOrCreateBuyer(tx, change);
  if (registrantId === null) return holdPayment(tx, event, change);
  // The purchase as the provider sold it, recorded the same whether it grants a pass or was already taken back.
  const bought = {
    pass: change.pass,
    source: 'provider',
    amount: change.amount,
    currency: change.currency,
    providerEventId: event.id,
    paymentRef: change.paymentRef,
  } satisfies NewPass;
  const [reversal] = await tx.select().from(paymentReversals).where(eq(paymentReversals.paymentRef, change.paymentRef)).limit(1);
  if (reversal) {
    // Refunded or disputed before this checkout arrived: recorded, never active.
    await tx.insert(purchases).values({ registrantId, ...bought, status: reversal.status, endedAt: reversal.at });
    return { result: 'already-taken-back', registrantId };
  }
  const { purchaseId, from, to } = await grantPass(tx, registrantId, bought);
  await recordSystemAudit(tx, actor, {
    action: 'create',
    entityType: 'purchases',
    entityId: purchaseId,
    summary: `Registrant #${registrantId} bought the ${(await tierNamesOfRegistrant(tx, registrantId))[change.pass]}`,
    details: { registrantId, eventId: event.id, pass: change.pass, amount: change.amount, currency: change.currency, from, to },
  });
  // The edition's editable pass confirmation and any of the host's own pass-purchase messages, sent by the mail worker.
  // Due at once on whichever clock the worker reads (a test may have moved the request's).
  await queueEventMessages({
    db: tx,
    registrantId,
    event: 'pass-purchase',
    eventRef: `purchase:${purchaseId}`,
    now: new Date(Math.min(now.getTime(), Date.now())),
  });
  return { result: 'granted', registrantId, tier: to };
}

/**
 * A paid checkout nobody can be found for (its metadata.edition names no edition, and no
 * registration has the address): acknowledged, so the provider does not retry forever, and held
 * (held-payments.ts) with everything the admin needs: the admin shows it until it is assigned to
 * a registration. The audit log records it too.
 */
async function holdPayment(tx: Database, event: VerifiedEvent, change: Grant): Promise<WebhookOutcome> {
  const why = `no registration matches ${change.email ?? 'the buyer'}${change.edition ? ` in edition "${change.edition}"` : ''}`;
  const held = {
    eventId: event.id,
    pass: change.pass,
    email: change.email,
    name: change.name,
    edition: change.edition,
    amount: change.amount,
    currency: change.currency,
    paymentRef: change.paymentRef,
  };
  await tx.insert(heldPayments).values(held).onConflictDoNothing({ target: heldPayments.paymentRef });
  await recordSystemAudit(tx, PROVIDER_ACTOR, {
    action: 'create',
    entityType: 'held-payments',
    entityId: null,
    summary: `Held a paid ${(await tierNamesOfEdition(tx, change.edition))[change.pass]} (${change.amount ?? '?'} ${change.currency ?? ''}): ${why}; assign it under Held payments`,
    details: held,
  });
  return { result: 'held', why };
}

/** Gives back the passes a dispute took, when the dispute is won. */
async function restorePayments(tx: Database, paymentRefs: string[]): Promise<number[]> {
  if (!paymentRefs.length) return [];
  const restored = await tx
    .update(purchases)
    .set({ status: 'active', endedAt: null })
    .where(and(inArray(purchases.paymentRef, paymentRefs), eq(purchases.status, 'disputed')))
    .returning({ registrantId: purchases.registrantId });
  await tx.delete(paymentReversals).where(inArray(paymentReversals.paymentRef, paymentRefs));
  const ids = [...new Set(restored.map((row) => row.registrantId))];
  for (const id of ids) await recomputeTier(tx, id);
  return ids;
}

export async function applyPaymentEvent(db: Database, event: VerifiedEvent, now: Date): Promise<WebhookOutcome> {
  return applyPaymentChange({ db, event, change: readPaymentEvent(event.type, event.object), now });
}

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
    if (change.kind === 'ignore') return { result: 'ignored', why: change.why };
    if (change.kind === 'grant') return applyGrant({ tx, event, change, now, actor });
    if (change.kind === 'restore') return { result: 'restored', registrants: await restorePayments(tx, change.paymentRefs) };
    const ids = await takeBackPayments({ tx, paymentRefs: change.paymentRefs, status: change.reason, at: now });
    if (!ids.length) {
      // The checkout has not arrived yet (events come in any order): remember the payment is gone.
      for (const paymentRef of change.paymentRefs) {
        await tx
          .insert(paymentReversals)
          .values({ paymentRef, status: change.reason, at: now })
          .onConflictDoNothing({ target: paymentReversals.paymentRef });
      }
    }
    for (const id of ids) {
      await recordSystemAudit(tx, actor, {
        action: 'update',
        entityType: 'purchases',
        entityId: null,
        summary: `Took back the pass of registrant #${id} (payment ${change.reason})`,
        details: { registrantId: id, eventId: event.id, reason: change.reason },
      });
    }
    return { result: 'taken-back', registrants: ids };
  });
  if (outcome.result === 'granted') notifyMailQueued();
  return outcome;
}
