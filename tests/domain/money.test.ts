import { describe, expect, it } from 'vitest';
import { formatMoney, fractionDigits, majorAmount, parseMajorAmount, toMinorUnits } from '../../src/domain/money.ts';

describe('money in minor units', () => {
  it('knows each currency’s digits', () => {
    expect([fractionDigits('usd'), fractionDigits('jpy'), fractionDigits('kwd'), fractionDigits('zzz!')]).toEqual([2, 0, 3, 2]);
  });
  it('writes major amounts without floats', () => {
    expect(majorAmount(19700, 'usd')).toBe('197.00');
    expect(majorAmount(-1905, 'usd')).toBe('-19.05');
    expect(majorAmount(5000, 'jpy')).toBe('5000');
    expect(majorAmount(12345, 'kwd')).toBe('12.345');
  });
  it('reads what a host types, refusing too many digits, signs and words', () => {
    expect(parseMajorAmount('197', 'usd')).toBe(19700);
    expect(parseMajorAmount('1,197.5', 'usd')).toBe(119750);
    expect(parseMajorAmount('0.1', 'usd')).toBe(10);
    expect(parseMajorAmount('1.234', 'usd')).toBeNull();
    expect(parseMajorAmount('5000', 'jpy')).toBe(5000);
    expect(parseMajorAmount('5000.5', 'jpy')).toBeNull();
    expect(parseMajorAmount('-3', 'usd')).toBeNull();
    expect(parseMajorAmount('1e3', 'usd')).toBeNull();
  });
  it('turns major amounts into minor units by each currency’s digits: USD and EUR 2, JPY 0, KWD 3', () => {
    expect(toMinorUnits(197, 'usd')).toBe(19700);
    expect(toMinorUnits(4.99, 'USD')).toBe(499);
    // 19.99 × 100 is 1998.9999… as a float: scaled on the decimal text, it is 1999.
    expect(toMinorUnits(19.99, 'eur')).toBe(1999);
    expect(toMinorUnits(1.005, 'eur')).toBe(101);
    expect(toMinorUnits(5000, 'jpy')).toBe(5000);
    expect(toMinorUnits(12.345, 'kwd')).toBe(12345);
    expect(toMinorUnits(0.5, 'jpy')).toBe(1);
    expect(toMinorUnits(-19.05, 'usd')).toBe(-1905);
    expect(toMinorUnits(0, 'kwd')).toBe(0);
    expect(() => toMinorUnits(Number.NaN, 'usd')).toThrow(RangeError);
  });
  it('formats for pages in the page’s language', () => {
    expect(formatMoney(19700, 'usd')).toBe('$197.00');
    expect(formatMoney(4700, 'eur', 'de')).toBe('47,00\u00a0€');
    expect(formatMoney(5000, 'jpy')).toBe('¥5,000');
  });
});
