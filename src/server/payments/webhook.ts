/**
 * The payment provider's webhook (POST /api/webhooks/payments): verify the signature on the raw
 * body with Stripe's own library, then apply the event once. The event id is recorded in the
 * same transaction as its effect, so a repeated delivery is acknowledged and changes nothing.
 */
import Stripe from 'stripe';
import { and, desc, eq } from 'drizzle-orm';
import { readPaymentEvent, type PaymentChange } from '../../domain/payments/provider-event.ts';
import { PLAN_NAMES } from '../../domain/offers.ts';
import { DEFAULT_SUMMIT } from '../../domain/summit-path.ts';
import { recordSystemAudit } from '../audit/audit-log.ts';
import type { Database } from '../db/client.ts';
import { editions, paymentEvents, registrants } from '../db/schema.ts';
import { notifyMailQueued } from '../mail/worker.ts';
import { PASS_CONFIRMATION_MESSAGE } from '../../content/default-email-sequence.ts';
import { queueEventMessage } from '../mail/scheduler.ts';
import { grantPass, takeBackPayments } from './passes.ts';

export const PROVIDER_ACTOR = 'Payment provider';

export class SignatureError extends Error {}

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
  return { id: event.id, type: event.type, object: (event.data as { object?: unknown } | undefined)?.object };
}

export type WebhookOutcome =
  | { result: 'duplicate' }
  | { result: 'ignored'; why: string }
  | { result: 'granted'; registrantId: number; tier: string }
  | { result: 'taken-back'; registrants: number[] };

type Grant = Extract<PaymentChange, { kind: 'grant' }>;

/** The buyer: by our reference, else by e-mail (in the named edition, else their latest registration), else a new registrant. */
async function findOrCreateBuyer(tx: Database, change: Grant): Promise<number | null> {
  if (change.registrantId !== null) {
    const [row] = await tx.select({ id: registrants.id }).from(registrants).where(eq(registrants.id, change.registrantId)).limit(1);
    if (row) return row.id;
  }
  if (!change.email) return null;
  const [edition] = await tx
    .select({ id: editions.id })
    .from(editions)
    .where(eq(editions.slug, change.edition ?? DEFAULT_SUMMIT))
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
    .values({ editionId: edition.id, email: change.email, firstName: change.name?.split(/\s+/)[0] || 'Friend' })
    .onConflictDoNothing({ target: [registrants.editionId, registrants.email] })
    .returning({ id: registrants.id });
  return created?.id ?? null;
}

async function applyGrant({
  tx,
  event,
  change,
  now,
}: {
  tx: Database;
  event: VerifiedEvent;
  change: Grant;
  now: Date;
}): Promise<WebhookOutcome> {
  const registrantId = await findOrCreateBuyer(tx, change);
  if (registrantId === null) return { result: 'ignored', why: 'no registrant matches the buyer' };
  const { purchaseId, from, to } = await grantPass(tx, registrantId, {
    pass: change.pass,
    source: 'provider',
    amount: change.amount,
    currency: change.currency,
    providerEventId: event.id,
    paymentRef: change.paymentRef,
  });
  await recordSystemAudit(tx, PROVIDER_ACTOR, {
    action: 'create',
    entityType: 'purchases',
    entityId: purchaseId,
    summary: `Registrant #${registrantId} bought the ${PLAN_NAMES[change.pass]}`,
    details: { registrantId, eventId: event.id, pass: change.pass, amount: change.amount, currency: change.currency, from, to },
  });
  // The edition's editable pass confirmation (src/content/default-email-sequence.ts), sent by the mail worker.
  // Due at once on whichever clock the worker reads (a test may have moved the request's).
  await queueEventMessage({
    db: tx,
    registrantId,
    messageKey: PASS_CONFIRMATION_MESSAGE,
    eventRef: `purchase:${purchaseId}`,
    now: new Date(Math.min(now.getTime(), Date.now())),
  });
  return { result: 'granted', registrantId, tier: to };
}

export async function applyPaymentEvent(db: Database, event: VerifiedEvent, now: Date): Promise<WebhookOutcome> {
  const change = readPaymentEvent(event.type, event.object);
  const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [first] = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing({ target: paymentEvents.eventId })
      .returning({ eventId: paymentEvents.eventId });
    if (!first) return { result: 'duplicate' };
    if (change.kind === 'ignore') return { result: 'ignored', why: change.why };
    if (change.kind === 'grant') return applyGrant({ tx, event, change, now });
    const ids = await takeBackPayments({ tx, paymentRefs: change.paymentRefs, status: change.reason, at: now });
    for (const id of ids) {
      await recordSystemAudit(tx, PROVIDER_ACTOR, {
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
