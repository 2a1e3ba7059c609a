/** The commission ledger's rules (src/domain/affiliates/commission.ts) and the receipt's fields, in integer minor units. */
import { describe, expect, it } from 'vitest';
import {
  approvesAt,
  disputeEntry,
  disputeWonEntry,
  isCommissionRate,
  refundEntry,
  refundReversalTarget,
  saleCommission,
} from '../../src/domain/affiliates/commission.ts';
import { paymentEventOf, paymentValues } from '../../src/domain/mail/payment-fields.ts';

describe('commission rules', () => {
  it('earns floor((amount − tax) × rate / 10000), never negative, nothing at a rate that is not one', () => {
    expect(saleCommission({ amount: 19700, tax: null, rateBp: 2500 })).toBe(4925);
    expect(saleCommission({ amount: 999, tax: 0, rateBp: 1250 })).toBe(124);
    expect(saleCommission({ amount: 20000, tax: 2000, rateBp: 1000 })).toBe(1800);
    expect(saleCommission({ amount: 100, tax: 200, rateBp: 1000 })).toBe(0);
    expect(saleCommission({ amount: 2_000_000_000, tax: 0, rateBp: 9999 })).toBe(1_999_800_000);
    for (const rateBp of [-1, 10_001, 12.5, Number.NaN]) {
      expect(isCommissionRate(rateBp)).toBe(false);
      expect(saleCommission({ amount: 10_000, tax: 0, rateBp })).toBe(0);
    }
  });

  it('holds for the given days', () => {
    expect(approvesAt(new Date('2025-07-15T10:00:00Z'), 30).toISOString()).toBe('2025-08-14T10:00:00.000Z');
  });

  it('refunds reverse cumulatively to round(commission × refunded / amount), whatever order totals come in', () => {
    expect(refundReversalTarget({ commission: 1801, refunded: 10000, amount: 20000 })).toBe(901);
    expect(refundEntry({ commission: 1800, refunded: 6000, amount: 20000, reversedByRefunds: 0 })).toBe(-540);
    expect(refundEntry({ commission: 1800, refunded: 20000, amount: 20000, reversedByRefunds: 540 })).toBe(-1260);
    // The same total again, a smaller one late, or more than the amount: nothing more than the commission.
    expect(refundEntry({ commission: 1800, refunded: 6000, amount: 20000, reversedByRefunds: 540 })).toBe(0);
    expect(refundEntry({ commission: 1800, refunded: 3000, amount: 20000, reversedByRefunds: 540 })).toBe(0);
    expect(refundEntry({ commission: 1800, refunded: 99_999, amount: 20000, reversedByRefunds: 0 })).toBe(-1800);
  });

  it('a dispute reverses what remains and a win gives exactly that back', () => {
    expect(disputeEntry(1260)).toBe(-1260);
    expect(disputeEntry(0)).toBe(0);
    expect(disputeWonEntry(-1260)).toBe(1260);
    expect(disputeWonEntry(0)).toBe(0);
  });
});

describe('receipt fields', () => {
  const names = { replay: 'Replay', aap: 'All Access' };
  const purchase = { pass: 'aap' as const, amount: 21700, tax: 1973, currency: 'usd', receiptUrl: null };

  it('reads the payment an outbox row is about from its dedupe key', () => {
    expect(paymentEventOf('m4:r9:purchase:12')).toEqual({ kind: 'purchase', purchaseId: 12 });
    expect(paymentEventOf('m4:r9:refund:12:5000:0')).toEqual({ kind: 'refund', purchaseId: 12, to: 5000, from: 0 });
    for (const key of [null, 'm4:r9', 'm4:r9:registered', 'm4:r9:purchase:x', 'purchase:12']) expect(paymentEventOf(key)).toBeNull();
  });

  it('formats amounts with their currency, and without the provider’s page links the dashboard and says so', () => {
    const values = paymentValues({
      event: { kind: 'refund', purchaseId: 1, from: 5000, to: 21700 },
      purchase,
      passNames: names,
      dashboardLink: 'https://site/d',
      lang: 'en',
    });
    expect(values).toMatchObject({
      receipt_pass: 'All Access',
      receipt_amount: '$217.00 USD',
      receipt_tax: '$19.73 USD',
      receipt_link: 'https://site/d',
      refund_amount: '$167.00 USD',
      refund_outcome: 'Your All Access has ended with the refund.',
    });
    expect(values.receipt_note).toContain('e-mails you its own receipt');
    const yen = paymentValues({
      event: { kind: 'purchase', purchaseId: 1 },
      purchase: { ...purchase, amount: 5000, tax: null, currency: 'jpy', receiptUrl: 'https://pay.example/r' },
      passNames: names,
      dashboardLink: 'https://site/d',
      lang: 'en',
    });
    expect(yen).toMatchObject({
      receipt_amount: '¥5,000 JPY',
      receipt_tax: 'none',
      receipt_link: 'https://pay.example/r',
      refund_amount: '',
    });
  });
});
