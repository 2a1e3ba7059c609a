/**
 * Refunds and disputes from the payment provider (docs/decisions/0065), in the webhook's
 * transaction: the purchase's running total refunded, the commission ledger's reversals, the
 * pass taken back only when the whole payment is refunded or disputed, and the refund notice.
 * A refund or dispute that arrives before its checkout is remembered (payment_reversals), so the
 * checkout, when it comes, is booked as far reversed.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PaymentChange } from '../../domain/payments/provider-event.ts';
import { bookDispute, bookDisputeWon, bookRefund } from '../affiliates/ledger-writes.ts';
import { recordSystemAudit } from '../audit/audit-log.ts';
import type { Database } from '../db/client.ts';
import { paymentReversals, purchases } from '../db/schema.ts';
import { queueEventMessages } from '../outbound/event-mail.ts';
import { recomputeTier, takeBackPayments } from './passes.ts';

type Refund = Extract<PaymentChange, { kind: 'refund' }>;
type TakeBack = Extract<PaymentChange, { kind: 'take-back' }>;
type Dispute = Extract<PaymentChange, { kind: 'dispute' }>;

export type ReversalOutcome =
  | { result: 'taken-back'; registrants: number[] }
  /** Part of the payment refunded: the pass stays. */
  | { result: 'refunded-in-part'; registrants: number[] }
  | { result: 'restored'; registrants: number[] }
  /** The dispute was lost: the pass stays taken back, the commission reversed. */
  | { result: 'dispute-lost'; registrants: number[] };

export interface Context {
  tx: Database;
  eventId: string;
  now: Date;
  actor: string;
}

/** The refund notice's event: the purchase, the running total before and after (what this refund gave back). */
export const refundEventRef = (purchaseId: number, from: number, to: number) => `refund:${purchaseId}:${to}:${from}`;

/** The sales made with these payments, locked, so two deliveries of one refund are booked one after the other. */
async function paidWith(tx: Database, paymentRefs: string[]) {
  if (!paymentRefs.length) return [];
  return tx
    .select({ id: purchases.id, registrantId: purchases.registrantId, amount: purchases.amount, refunded: purchases.refunded })
    .from(purchases)
    .where(and(inArray(purchases.paymentRef, paymentRefs), eq(purchases.source, 'provider')))
    .orderBy(purchases.id)
    .for('update');
}

const unique = (ids: number[]) => [...new Set(ids)];

export async function auditTakeBack(context: Context, ids: number[], reason: string): Promise<void> {
  for (const id of ids) {
    await recordSystemAudit(context.tx, context.actor, {
      action: 'update',
      entityType: 'purchases',
      entityId: null,
      summary: `Took back the pass of registrant #${id} (payment ${reason})`,
      details: { registrantId: id, eventId: context.eventId, reason },
    });
  }
}

export async function applyRefund(context: Context, change: Refund): Promise<ReversalOutcome> {
  const { tx, now } = context;
  const sales = await paidWith(tx, change.paymentRefs);
  if (!sales.length) {
    await rememberRefund(tx, change, now);
    return { result: change.whole ? 'taken-back' : 'refunded-in-part', registrants: [] };
  }
  for (const sale of sales) {
    const total = change.refunded ?? (change.whole ? sale.amount : null);
    // The provider reports the running total: the same total again, or a smaller one arriving late, changes nothing.
    if (total === null || total <= sale.refunded) continue;
    await tx.update(purchases).set({ refunded: total }).where(eq(purchases.id, sale.id));
    await bookRefund(tx, { purchaseId: sale.id, amount: sale.amount, refunded: total, at: now });
    await queueEventMessages({
      db: tx,
      registrantId: sale.registrantId,
      event: 'refund',
      eventRef: refundEventRef(sale.id, sale.refunded, total),
      now: new Date(Math.min(now.getTime(), Date.now())),
    });
  }
  if (!change.whole) return { result: 'refunded-in-part', registrants: unique(sales.map((sale) => sale.registrantId)) };
  const ids = await takeBackPayments({ tx, paymentRefs: change.paymentRefs, status: 'refunded', at: now });
  await auditTakeBack(context, ids, 'refunded');
  return { result: 'taken-back', registrants: ids };
}

/**
 * A pass ended by hand through the API (docs/decisions/0060) as a whole refund or a dispute: the
 * pass goes and the commission is reversed in whole; no refund notice, since no money moved here.
 */
export async function applyTakeBack(context: Context, change: TakeBack): Promise<ReversalOutcome> {
  const { tx, now } = context;
  for (const sale of await paidWith(tx, change.paymentRefs)) {
    if (change.reason === 'disputed') await bookDispute(tx, { purchaseId: sale.id, at: now });
    else if (sale.amount !== null && sale.amount > sale.refunded) {
      await tx.update(purchases).set({ refunded: sale.amount }).where(eq(purchases.id, sale.id));
      await bookRefund(tx, { purchaseId: sale.id, amount: sale.amount, refunded: sale.amount, at: now });
    }
  }
  const ids = await takeBackPayments({ tx, paymentRefs: change.paymentRefs, status: change.reason, at: now });
  await auditTakeBack(context, ids, change.reason);
  return { result: 'taken-back', registrants: ids };
}

export async function applyDispute(context: Context, change: Dispute): Promise<ReversalOutcome> {
  const { tx, now } = context;
  const sales = await paidWith(tx, change.paymentRefs);
  if (!sales.length) {
    await rememberDispute(tx, change, now);
    return { result: change.stage === 'won' ? 'restored' : 'taken-back', registrants: [] };
  }
  switch (change.stage) {
    case 'won': {
      for (const sale of sales) await bookDisputeWon(tx, { purchaseId: sale.id, at: now });
      return { result: 'restored', registrants: await restorePayments(tx, change.paymentRefs) };
    }
    case 'created':
    case 'lost': {
      for (const sale of sales) await bookDispute(tx, { purchaseId: sale.id, at: now });
      const ids = await takeBackPayments({ tx, paymentRefs: change.paymentRefs, status: 'disputed', at: now });
      await auditTakeBack(context, ids, 'disputed');
      return { result: change.stage === 'lost' ? 'dispute-lost' : 'taken-back', registrants: ids };
    }
  }
}

/** Gives back the passes a dispute took, when the dispute is won. */
async function restorePayments(tx: Database, paymentRefs: string[]): Promise<number[]> {
  const restored = await tx
    .update(purchases)
    .set({ status: 'active', endedAt: null })
    .where(and(inArray(purchases.paymentRef, paymentRefs), eq(purchases.status, 'disputed')))
    .returning({ registrantId: purchases.registrantId });
  const ids = unique(restored.map((row) => row.registrantId));
  for (const id of ids) await recomputeTier(tx, id);
  return ids;
}

/** A refund before its checkout: the highest running total, and whether the whole payment is gone. */
async function rememberRefund(tx: Database, change: Refund, at: Date): Promise<void> {
  for (const paymentRef of change.paymentRefs) {
    await tx
      .insert(paymentReversals)
      .values({ paymentRef, status: change.whole ? 'refunded' : 'partly-refunded', at, refunded: change.refunded ?? 0 })
      .onConflictDoUpdate({
        target: paymentReversals.paymentRef,
        set: {
          refunded: sql`greatest(${paymentReversals.refunded}, excluded.refunded)`,
          status: sql`case when excluded.status = 'refunded' then 'refunded' else ${paymentReversals.status} end`,
        },
      });
  }
}

/** A dispute before its checkout: opened or lost takes the pass; won gives it back (keeping any part refunded). */
async function rememberDispute(tx: Database, change: Dispute, at: Date): Promise<void> {
  if (change.stage === 'won') {
    const disputedOnly = and(eq(paymentReversals.status, 'disputed'), eq(paymentReversals.refunded, 0));
    await tx.delete(paymentReversals).where(and(inArray(paymentReversals.paymentRef, change.paymentRefs), disputedOnly));
    await tx
      .update(paymentReversals)
      .set({ status: 'partly-refunded' })
      .where(
        and(
          inArray(paymentReversals.paymentRef, change.paymentRefs),
          eq(paymentReversals.status, 'disputed'),
          gt(paymentReversals.refunded, 0),
        ),
      );
    return;
  }
  for (const paymentRef of change.paymentRefs) {
    await tx
      .insert(paymentReversals)
      .values({ paymentRef, status: 'disputed', at })
      .onConflictDoUpdate({
        target: paymentReversals.paymentRef,
        set: { status: sql`case when ${paymentReversals.status} = 'refunded' then 'refunded' else 'disputed' end` },
      });
  }
}
