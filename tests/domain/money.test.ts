import { describe, expect, it } from 'vitest';
import { formatMoney, fractionDigits, majorAmount, parseMajorAmount } from '../../src/domain/money.ts';

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
  it('formats for pages in the page’s language', () => {
    expect(formatMoney(19700, 'usd')).toBe('$197.00');
    expect(formatMoney(4700, 'eur', 'de')).toBe('47,00\u00a0€');
    expect(formatMoney(5000, 'jpy')).toBe('¥5,000');
  });
});
