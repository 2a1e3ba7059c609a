/**
 * What the commission ledger books for a sale and for what later happens to its payment
 * (docs/PRODUCT.md "Affiliates" and "Payments", docs/decisions/0065). Pure, in integer minor
 * units: the server writes each answer as one append-only row (commission-causes.ts).
 *
 * - A sale earns floor((amount − tax) × rate / 10000), pending until the hold ends.
 * - Refunds are cumulative: the provider reports the running total refunded, and the refund rows
 *   of a sale always add up to round(commission × refunded / amount). An event repeated or late
 *   (a smaller total after a larger one) therefore books nothing.
 * - A dispute reverses what remains; a dispute won gives that back; a dispute lost changes nothing.
 */

import { MAX_RATE_BP } from './rates.ts';

export const DEFAULT_HOLD_DAYS = 30;
const DAY_MS = 86_400_000;

/** Whether a rate in basis points is one a commission may have (0% to 100%, whole basis points). */
export function isCommissionRate(rateBp: number): boolean {
  return Number.isInteger(rateBp) && rateBp >= 0 && rateBp <= MAX_RATE_BP;
}

/** The commission a sale earns: 0 when there is nothing to earn or the rate is not one (never negative, never a fraction). */
export function saleCommission({ amount, tax, rateBp }: { amount: number; tax: number | null; rateBp: number }): number {
  if (!isCommissionRate(rateBp) || !Number.isInteger(amount)) return 0;
  const net = amount - Math.max(0, tax ?? 0);
  if (net <= 0) return 0;
  // BigInt: amount × rate may pass 2^53 for the largest amounts a provider allows.
  return Number((BigInt(net) * BigInt(rateBp)) / BigInt(MAX_RATE_BP));
}

/** When a sale's commission stops being pending: the sale plus the hold period. */
export function approvesAt(soldAt: Date, holdDays: number): Date {
  return new Date(soldAt.getTime() + holdDays * DAY_MS);
}

/** round(a × b / c) in integers, halves away from zero (c > 0). */
function roundedRatio(a: number, b: number, c: number): number {
  const numerator = BigInt(a) * BigInt(b) * 2n + BigInt(c);
  return Number(numerator / (2n * BigInt(c)));
}

/**
 * How much of the commission the refunds so far must have reversed: round(commission × refunded
 * / amount), never more than the commission (a provider total above the amount is read as whole).
 */
export function refundReversalTarget({ commission, refunded, amount }: { commission: number; refunded: number; amount: number }): number {
  if (commission <= 0 || amount <= 0 || refunded <= 0) return 0;
  return Math.min(commission, roundedRatio(commission, Math.min(refunded, amount), amount));
}

/**
 * The refund row a new running total asks for: negative, or 0 when the refunds already booked
 * reach the target (the same total again, or a smaller one arriving late).
 */
export function refundEntry(input: { commission: number; refunded: number; amount: number; reversedByRefunds: number }): number {
  const still = refundReversalTarget(input) - input.reversedByRefunds;
  return still > 0 ? -still : 0;
}

/** The dispute row: reverses what remains of the sale's commission (0 when nothing does). */
export function disputeEntry(remaining: number): number {
  return remaining > 0 ? -remaining : 0;
}

/** The dispute-won row: gives back exactly what the dispute reversed. */
export function disputeWonEntry(disputed: number): number {
  return disputed < 0 ? -disputed : 0;
}

/** Cause keys: what makes each row happen once, however often or late its event comes. */
export const causeKeys = {
  purchase: (purchaseId: number) => `purchase:${purchaseId}`,
  refund: (purchaseId: number, refundedTotal: number) => `refund:${purchaseId}:${refundedTotal}`,
  dispute: (purchaseId: number) => `dispute:${purchaseId}`,
  disputeWon: (purchaseId: number) => `dispute-won:${purchaseId}`,
};
