/**
 * An affiliate's balances from their ledger rows (decision 0066): pending and approved by the end
 * of each row's hold, payouts against the approved total, what is owed back after a refund of a
 * paid commission, a dispute won, and every figure an integer of minor units.
 */
import { describe, expect, it } from 'vitest';
import { addBalances, balancesOf, type LedgerAmount } from '../../../src/domain/affiliates/balances.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const LATER = new Date('2026-12-27T12:00:00Z');
const EARLIER = new Date('2026-10-01T12:00:00Z');

const row = (cause: LedgerAmount['cause'], amount: number, approvesAt: Date | null = EARLIER): LedgerAmount => ({
  cause,
  amount,
  approvesAt,
});

describe('affiliate balances', () => {
  it('keeps a sale pending until its hold ends, then approves it', () => {
    const rows = [row('purchase', 4925, LATER), row('purchase', 1925, EARLIER)];
    expect(balancesOf(rows, NOW)).toEqual({ pending: 4925, approvedTotal: 1925, approved: 1925, paid: 0, owed: 0 });
    expect(balancesOf(rows, LATER)).toEqual({ pending: 0, approvedTotal: 6850, approved: 6850, paid: 0, owed: 0 });
  });

  it('takes payouts off the approved balance', () => {
    const rows = [row('purchase', 5000), row('purchase', 2000, LATER), row('payout', 3000, null)];
    expect(balancesOf(rows, NOW)).toEqual({ pending: 2000, approvedTotal: 5000, approved: 2000, paid: 3000, owed: 0 });
  });

  it('makes a refund after payout money owed back, and later commission pays it off', () => {
    const paid = [row('purchase', 5000), row('payout', 5000, null)];
    expect(balancesOf(paid, NOW)).toMatchObject({ approved: 0, paid: 5000, owed: 0 });
    // A partial refund (40%) after the payout reverses 2000 of it: the affiliate owes it back.
    const refunded = [...paid, row('refund', -2000)];
    expect(balancesOf(refunded, NOW)).toEqual({ pending: 0, approvedTotal: 3000, approved: 0, paid: 5000, owed: 2000 });
    // A later sale of 3000, once approved, settles the 2000 and leaves 1000 payable.
    const later = [...refunded, row('purchase', 3000, LATER)];
    expect(balancesOf(later, NOW)).toMatchObject({ pending: 3000, approved: 0, owed: 2000 });
    expect(balancesOf(later, LATER)).toMatchObject({ pending: 0, approved: 1000, owed: 0 });
  });

  it('gives back what a dispute took when the dispute is won, and nothing more when it is lost', () => {
    const disputed = [row('purchase', 4000), row('dispute', -4000)];
    expect(balancesOf(disputed, NOW)).toMatchObject({ approvedTotal: 0, approved: 0 });
    expect(balancesOf([...disputed, row('dispute-won', 4000)], NOW)).toMatchObject({ approvedTotal: 4000, approved: 4000 });
  });

  it('counts a reversal in its hold as pending, with its sale', () => {
    const rows = [row('purchase', 4925, LATER), row('refund', -1970, LATER)];
    expect(balancesOf(rows, NOW)).toMatchObject({ pending: 2955, approvedTotal: 0 });
  });

  it('approves an adjustment at once, and lets a negative one take away', () => {
    const rows = [row('purchase', 1000), row('adjustment', -300, null), row('adjustment', 50, NOW)];
    expect(balancesOf(rows, NOW)).toMatchObject({ approvedTotal: 750, approved: 750 });
  });

  it('keeps every figure an integer and adds affiliates up', () => {
    const one = balancesOf([row('purchase', 333), row('refund', -111), row('payout', 100, null)], NOW);
    const two = balancesOf([row('purchase', 7, LATER)], NOW);
    for (const value of Object.values(one)) expect(Number.isInteger(value)).toBe(true);
    expect(addBalances([one, two])).toEqual({ pending: 7, approvedTotal: 222, approved: 122, paid: 100, owed: 0 });
  });
});
