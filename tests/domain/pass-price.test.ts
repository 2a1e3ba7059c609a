/** What a pass costs at a moment, and what a Replay holder pays for All Access (docs/decisions/0064). */
import { describe, expect, it } from 'vitest';
import type { Pass } from '../../src/domain/edition-settings/schema.ts';
import {
  formatPriceDeadline,
  minimumCharge,
  nextPriceChange,
  priceNow,
  pricePhaseKey,
  shownPrice,
  upgradeAmount,
} from '../../src/domain/pass-price.ts';
import { regularPriceText } from '../../src/domain/regular-price.ts';

const DEADLINE = '2026-12-04T23:59:00+01:00';
const pass = (more: Partial<Pass> = {}): Pass => ({
  name: 'All Access Pass',
  price: 19700,
  earlyPrice: 9700,
  earlyPriceUntil: DEADLINE,
  benefits: [],
  ...more,
});
const at = (iso: string) => new Date(iso);
const BERLIN = { currency: 'eur', timeZone: 'Europe/Berlin' };

describe('the price now', () => {
  it('is the early price before the deadline, with the deadline and the price after it', () => {
    expect(priceNow(pass(), at('2026-12-01T12:00:00Z'))).toEqual({ amount: 9700, fullPrice: 19700, until: DEADLINE });
  });

  it('is the early price a millisecond before the deadline and the full price from the deadline on', () => {
    const deadline = Date.parse(DEADLINE);
    expect(priceNow(pass(), new Date(deadline - 1)).amount).toBe(9700);
    expect(priceNow(pass(), new Date(deadline))).toEqual({ amount: 19700, fullPrice: 19700, until: null });
    expect(priceNow(pass(), new Date(deadline + 60_000)).amount).toBe(19700);
  });

  it('is the price when the pass has no early price', () => {
    expect(priceNow(pass({ earlyPrice: null, earlyPriceUntil: null }), at('2026-12-01T12:00:00Z'))).toEqual({
      amount: 19700,
      fullPrice: 19700,
      until: null,
    });
  });

  it('names the next change and the prices in force, for the caches of pages that show them', () => {
    const upgrade = {
      replay: pass({ price: 7700, earlyPrice: null, earlyPriceUntil: null }),
      aap: pass(),
      replayCheckoutUrl: '',
      aapCheckoutUrl: '',
    };
    expect(nextPriceChange(upgrade, at('2026-12-01T12:00:00Z'))).toBe(Date.parse(DEADLINE));
    expect(pricePhaseKey(upgrade, at('2026-12-01T12:00:00Z'))).toBe('replay:full aap:early');
    expect(nextPriceChange(upgrade, at('2026-12-05T00:00:00Z'))).toBeNull();
    expect(pricePhaseKey(upgrade, at('2026-12-05T00:00:00Z'))).toBe('replay:full aap:full');
  });
});

describe('the upgrade for the difference', () => {
  it('is All Access’s price now minus what was paid for Replay', () => {
    expect(upgradeAmount({ priceNow: 19700, paid: 9700, currency: 'usd' })).toBe(10000);
  });

  it('is never below the smallest charge of the currency', () => {
    expect(upgradeAmount({ priceNow: 9700, paid: 9700, currency: 'usd' })).toBe(50);
    expect(upgradeAmount({ priceNow: 9700, paid: 19700, currency: 'eur' })).toBe(50);
    expect(upgradeAmount({ priceNow: 1000, paid: 990, currency: 'gbp' })).toBe(30);
    expect(minimumCharge('jpy')).toBe(50);
    // A currency Stripe's table does not list: half its major unit.
    expect(minimumCharge('kwd')).toBe(500);
  });
});

describe('how a price reads', () => {
  it('gives the early price with its deadline in the edition’s zone, then the full price', () => {
    expect(formatPriceDeadline(DEADLINE, 'Europe/Berlin')).toBe('Fri Dec 4, 23:59 (Europe/Berlin)');
    expect(shownPrice(priceNow(pass(), at('2026-12-01T12:00:00Z')), BERLIN)).toEqual({
      now: '€97.00',
      note: '€97.00 until Fri Dec 4, 23:59 (Europe/Berlin), then €197.00',
      deadline: 'Fri Dec 4, 23:59 (Europe/Berlin)',
    });
    expect(shownPrice(priceNow(pass(), at('2026-12-05T00:00:00Z')), BERLIN)).toEqual({ now: '€197.00', note: '', deadline: '' });
  });

  it('gives a Replay holder the difference', () => {
    const price = { ...priceNow(pass(), at('2026-12-05T00:00:00Z')), upgradeFrom: 9700 };
    expect(shownPrice(price, BERLIN)).toEqual({ now: '€100.00', note: 'Upgrade for €100.00', deadline: '' });
  });

  it('shows a bonus item’s typed regular price in the edition’s currency, or as typed when it is no amount', () => {
    expect(regularPriceText('97', 'eur')).toBe('€97.00');
    expect(regularPriceText('$97.00', 'usd')).toBe('$97.00');
    expect(regularPriceText('5000', 'jpy')).toBe('¥5,000');
    expect(regularPriceText('priceless', 'usd')).toBe('priceless');
    expect(regularPriceText(null, 'usd')).toBe('');
  });
});
