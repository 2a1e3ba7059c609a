/**
 * What a sale through the provider books besides its pass (docs/decisions/0065): the affiliate it
 * is credited to and their commission, and, when a refund or dispute came before the checkout
 * (payment_reversals), the part refunded and the reversals, so the commission comes out reversed
 * as far as the payment was.
 */
import { eq } from 'drizzle-orm';
import {
  bookDispute,
  bookRefund,
  creditOf,
  creditSale,
  ownPurchase,
  withholdCommission,
  type Credit,
} from '../affiliates/ledger-writes.ts';
import type { Database } from '../db/client.ts';
import { paymentReversals, purchases } from '../db/schema.ts';
import type { Grant } from './buyer.ts';

export type Reversal = typeof paymentReversals.$inferSelect;

export async function reversalOf(tx: Database, paymentRef: string): Promise<Reversal | null> {
  const [row] = await tx.select().from(paymentReversals).where(eq(paymentReversals.paymentRef, paymentRef)).limit(1);
  return row ?? null;
}

export async function bookSale(
  tx: Database,
  sale: {
    registrantId: number;
    editionId: number;
    purchaseId: number;
    change: Grant;
    now: Date;
    reversal: Reversal | null;
    test?: boolean;
  },
): Promise<Credit> {
  const { change, purchaseId, reversal } = sale;
  // A test payment is credited to no one: no commission is booked on it (decision 0074).
  const credit: Credit = sale.test
    ? { shareLinkId: null, unknownCode: null }
    : await creditOf(tx, { editionId: sale.editionId, registrantId: sale.registrantId, code: change.affiliate ?? null });
  const { shareLinkId } = credit;
  // An affiliate's own purchase earns them nothing (docs/decisions/0069); the purchase says why.
  if (shareLinkId !== null && (await ownPurchase(tx, { shareLinkId, registrantId: sale.registrantId, buyerEmail: change.email }))) {
    await withholdCommission(tx, { purchaseId, shareLinkId, why: 'own-purchase' });
    credit.withheld = 'own-purchase';
  } else if (shareLinkId !== null) {
    await creditSale(tx, {
      purchaseId,
      editionId: sale.editionId,
      shareLinkId,
      amount: change.amount,
      tax: change.tax ?? null,
      currency: change.currency,
      soldAt: sale.now,
    });
  }
  if (!reversal) return credit;
  // A whole refund reported without its amount (before amounts were kept) is the whole payment.
  const refunded = reversal.refunded || (reversal.status === 'refunded' ? (change.amount ?? 0) : 0);
  if (refunded > 0) {
    await tx.update(purchases).set({ refunded }).where(eq(purchases.id, purchaseId));
    await bookRefund(tx, { purchaseId, amount: change.amount, refunded, at: reversal.at });
  }
  if (reversal.status === 'disputed') await bookDispute(tx, { purchaseId, at: reversal.at });
  return credit;
}
