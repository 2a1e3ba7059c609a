/**
 * What an affiliate is owed, summed from their commission ledger rows (docs/PRODUCT.md
 * "Affiliates"; decision 0066). Every row but a payout is earned money (a sale's commission, a
 * refund's or a dispute's reversal, a dispute won, an adjustment); it is pending until its hold
 * ends (approves_at) and approved after. Payouts are what was paid. Approved money not yet paid is
 * payable; money paid beyond what is approved (a sale refunded after its commission was paid) is
 * owed back by the affiliate. All integers in the edition currency's minor units.
 */
import type { CommissionCause } from './commission-causes.ts';

export interface LedgerAmount {
  cause: CommissionCause;
  /** Signed, minor units (a payout row is positive: the amount paid). */
  amount: number;
  /** The end of the hold; null (an adjustment, a payout) counts as approved at once. */
  approvesAt: Date | null;
}

export interface Balances {
  /** Earned, still in its hold. */
  pending: number;
  /** Earned and past its hold, whether paid or not. */
  approvedTotal: number;
  /** Payable now: approved and not yet paid. */
  approved: number;
  /** Paid out so far. */
  paid: number;
  /** Paid beyond what is approved: to be paid back (or set against later commissions). */
  owed: number;
}

export const NO_BALANCES: Balances = { pending: 0, approvedTotal: 0, approved: 0, paid: 0, owed: 0 };

/** Whether an earned row is still in its hold at `now`. */
export function isPending(row: Pick<LedgerAmount, 'approvesAt'>, now: Date): boolean {
  return row.approvesAt !== null && row.approvesAt.getTime() > now.getTime();
}

export function balancesOf(rows: readonly LedgerAmount[], now: Date): Balances {
  let pending = 0;
  let approvedTotal = 0;
  let paid = 0;
  for (const row of rows) {
    if (row.cause === 'payout') paid += row.amount;
    else if (isPending(row, now)) pending += row.amount;
    else approvedTotal += row.amount;
  }
  return {
    pending,
    approvedTotal,
    paid,
    approved: Math.max(0, approvedTotal - paid),
    owed: Math.max(0, paid - approvedTotal),
  };
}

/** Several affiliates' balances added up (the screen's totals line). */
export function addBalances(all: readonly Balances[]): Balances {
  return all.reduce(
    (sum, one) => ({
      pending: sum.pending + one.pending,
      approvedTotal: sum.approvedTotal + one.approvedTotal,
      approved: sum.approved + one.approved,
      paid: sum.paid + one.paid,
      owed: sum.owed + one.owed,
    }),
    NO_BALANCES,
  );
}
