/**
 * What the host types on Admin → Affiliates (decision 0066): rates as percentages with two
 * decimals at most (never over 100%, negative or text), payouts and adjustments in the edition's
 * currency, a partner's fields, and the leaderboard widget's lines.
 */
import { describe, expect, it } from 'vitest';
import { leaderboardWidgetLines } from '../../../src/domain/affiliates/leaderboard-widget.ts';
import { dayIn, payoutInstant, readAdjustment, readPayout } from '../../../src/domain/affiliates/ledger-input.ts';
import { readPartner } from '../../../src/domain/affiliates/partner-input.ts';
import { formatRate, parseRatePercent, RATE_MESSAGES, ratePercentText } from '../../../src/domain/affiliates/rates.ts';

const TOKEN = '0b6c9a52-5d0f-4a55-9d6f-1f2e3d4c5b6a';

describe('commission rates', () => {
  it('reads percentages exactly into basis points', () => {
    expect(parseRatePercent('25', { optional: false })).toEqual({ ok: true, bp: 2500 });
    expect(parseRatePercent(' 12.5 ', { optional: false })).toEqual({ ok: true, bp: 1250 });
    expect(parseRatePercent('12.35%', { optional: false })).toEqual({ ok: true, bp: 1235 });
    expect(parseRatePercent('100', { optional: false })).toEqual({ ok: true, bp: 10000 });
    expect(parseRatePercent('0', { optional: false })).toEqual({ ok: true, bp: 0 });
    expect(parseRatePercent('', { optional: true })).toEqual({ ok: true, bp: null });
  });

  it('refuses over 100%, negative rates, text and three decimals, each with its message', () => {
    expect(parseRatePercent('100.01', { optional: false })).toEqual({ ok: false, message: RATE_MESSAGES.over });
    expect(parseRatePercent('250', { optional: true })).toEqual({ ok: false, message: RATE_MESSAGES.over });
    expect(parseRatePercent('-5', { optional: true })).toEqual({ ok: false, message: RATE_MESSAGES.negative });
    expect(parseRatePercent('ten', { optional: true })).toEqual({ ok: false, message: RATE_MESSAGES.text });
    expect(parseRatePercent('1e2', { optional: true })).toEqual({ ok: false, message: RATE_MESSAGES.text });
    expect(parseRatePercent('12.345', { optional: true })).toEqual({ ok: false, message: RATE_MESSAGES.decimals });
    expect(parseRatePercent('', { optional: false })).toEqual({ ok: false, message: RATE_MESSAGES.required });
  });

  it('writes rates back as the host typed them', () => {
    expect([ratePercentText(2500), ratePercentText(1250), ratePercentText(1235), ratePercentText(5)]).toEqual([
      '25',
      '12.5',
      '12.35',
      '0.05',
    ]);
    expect(formatRate(3000)).toBe('30%');
  });
});

describe('payouts and adjustments', () => {
  const context = { currency: 'usd', approved: 5000, today: '2026-11-27' };
  const typed = { amount: '50', reference: 'WISE-123', date: '2026-11-27', token: TOKEN, advance: false };

  it('reads a payout in minor units, dated the day paid', () => {
    expect(readPayout(typed, context)).toEqual({
      ok: true,
      value: { amount: 5000, reference: 'WISE-123', date: '2026-11-27', token: TOKEN },
    });
    expect(payoutInstant('2026-11-27').toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(dayIn(new Date('2026-11-27T20:00:00Z'), 'Australia/Sydney')).toBe('2026-11-28');
  });

  it('refuses more than approved unless paid in advance on purpose', () => {
    const over = readPayout({ ...typed, amount: '50.01' }, context);
    expect(over.ok).toBe(false);
    expect(!over.ok && over.errors.amount).toContain('more than the approved balance ($50.00)');
    expect(readPayout({ ...typed, amount: '50.01', advance: true }, context).ok).toBe(true);
  });

  it('answers each bad field: amount, reference, date and an unreadable form', () => {
    const read = readPayout({ amount: '-5', reference: '  ', date: '2026-02-30', token: 'x', advance: false }, context);
    expect(read.ok).toBe(false);
    expect(!read.ok && Object.keys(read.errors).sort()).toEqual(['amount', 'date', 'form', 'reference']);
    const future = readPayout({ ...typed, date: '2026-11-28' }, context);
    expect(!future.ok && future.errors.date).toBe('The date paid cannot be after today.');
    const zero = readPayout({ ...typed, amount: '0' }, context);
    expect(!zero.ok && zero.errors.amount).toBe('A payout is more than zero.');
    const yen = readPayout({ ...typed, amount: '50.5' }, { ...context, currency: 'jpy' });
    expect(yen.ok).toBe(false);
  });

  it('reads signed adjustments with their reason', () => {
    expect(readAdjustment({ amount: '-12.50', reason: 'Duplicate sale', token: TOKEN }, 'usd')).toEqual({
      ok: true,
      value: { amount: -1250, reason: 'Duplicate sale', token: TOKEN },
    });
    expect(readAdjustment({ amount: '+20', reason: 'Bonus', token: TOKEN }, 'usd')).toMatchObject({ ok: true, value: { amount: 2000 } });
    const bad = readAdjustment({ amount: '0', reason: '', token: TOKEN }, 'usd');
    expect(!bad.ok && Object.keys(bad.errors).sort()).toEqual(['amount', 'reason']);
  });
});

describe('partners', () => {
  it('reads a partner, refusing a bad address, code or rate at its field', () => {
    const good = readPartner(
      { name: ' Ada ', email: 'ada@example.com', code: 'Ada-Pod', rate: '30' },
      { withCode: true, withContact: true },
    );
    expect(good).toEqual({ ok: true, value: { name: 'Ada', email: 'ada@example.com', code: 'ada-pod', rateBp: 3000 } });
    const bad = readPartner({ name: '', email: 'nope', code: 'a b', rate: '101' }, { withCode: true, withContact: true });
    expect(!bad.ok && Object.keys(bad.errors).sort()).toEqual(['code', 'email', 'name', 'rate']);
  });

  it('reads a speaker’s edit as the rate alone', () => {
    expect(readPartner({ name: '', email: '', code: '', rate: '' }, { withCode: false, withContact: false })).toMatchObject({
      ok: true,
      value: { rateBp: null },
    });
  });
});

describe('the leaderboard widget', () => {
  it('ranks by registrations, equals sharing a place, leaving out those with none', () => {
    const lines = leaderboardWidgetLines([
      { name: 'Cat', registrations: 2 },
      { name: 'Ann', registrations: 5 },
      { name: 'Ben', registrations: 2 },
      { name: 'Dan', registrations: 0 },
    ]);
    expect(lines).toEqual([
      { place: 1, name: 'Ann', registrations: 5 },
      { place: 2, name: 'Ben', registrations: 2 },
      { place: 2, name: 'Cat', registrations: 2 },
    ]);
  });
});
