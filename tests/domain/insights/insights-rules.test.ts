import { describe, expect, it } from 'vitest';
import { funnelSteps } from '../../../src/domain/insights/funnel.ts';
import { placeOf, rankReferrers, type ReferrerNumbers } from '../../../src/domain/insights/leaderboard.ts';
import { everyDay, MAX_CHART_DAYS, registrationsChart, roundTop } from '../../../src/domain/insights/registrations-chart.ts';
import { formatRevenue, revenueCell, sumRevenue } from '../../../src/domain/insights/revenue.ts';

const referrer = (linkId: number, name: string, numbers: Partial<ReferrerNumbers> = {}): ReferrerNumbers => ({
  linkId,
  code: name.toLowerCase(),
  name,
  registrations: 0,
  listeners: 0,
  passes: 0,
  revenue: [],
  ...numbers,
});

describe('the speakers’ leaderboard', () => {
  it('ranks by registrations, then listeners, then passes; equals share a place and are listed by name', () => {
    const board = rankReferrers([
      referrer(1, 'Zoe', { registrations: 3, listeners: 1 }),
      referrer(2, 'Ann', { registrations: 3, listeners: 2 }),
      referrer(3, 'Bea', { registrations: 5 }),
      referrer(4, 'Cas', { registrations: 3, listeners: 1 }),
      referrer(5, 'Dee'),
      referrer(6, 'Eve', { registrations: 0, passes: 1 }),
    ]);
    expect(board.map((row) => [row.name, row.place])).toEqual([
      ['Bea', 1],
      ['Ann', 2],
      ['Cas', 3],
      ['Zoe', 3],
      ['Eve', 5],
      ['Dee', 6],
    ]);
    expect(placeOf(board, 1)).toEqual({ place: 3, of: 6 });
    expect(placeOf(board, 99)).toBeNull();
  });
});

describe('revenue', () => {
  it('adds up per currency, never across currencies', () => {
    const total = sumRevenue([
      { currency: 'usd', amount: 19_700 },
      { currency: 'eur', amount: 5_000 },
      { currency: 'usd', amount: 7_700 },
    ]);
    expect(total).toEqual([
      { currency: 'usd', amount: 27_400 },
      { currency: 'eur', amount: 5_000 },
    ]);
    expect(formatRevenue(total)).toBe('274.00 USD + 50.00 EUR');
    expect(revenueCell(total)).toBe('274.00 USD + 50.00 EUR');
  });

  it('writes one currency as a plain number for spreadsheets, minding currencies without cents', () => {
    expect(revenueCell([{ currency: 'usd', amount: 19_700 }])).toBe('197.00');
    expect(revenueCell([{ currency: 'jpy', amount: 5_000 }])).toBe('5000');
    expect(revenueCell([])).toBe('0.00');
    expect(formatRevenue([])).toBe('0.00');
  });
});

describe('the funnel', () => {
  it('gives each step as a share of those registered', () => {
    expect(
      funnelSteps({ registered: 8, openedDay: 6, listened: 4, bought: 1 }).map((step) => [step.key, step.count, step.percent]),
    ).toEqual([
      ['registered', 8, 100],
      ['openedDay', 6, 75],
      ['listened', 4, 50],
      ['bought', 1, 13],
    ]);
    expect(funnelSteps({ registered: 0, openedDay: 0, listened: 0, bought: 0 })[0]?.percent).toBeNull();
  });
});

describe('registrations per day chart', () => {
  it('fills the days nobody registered, across a month end', () => {
    expect(
      everyDay([
        { day: '2025-07-02', count: 1 },
        { day: '2025-06-29', count: 4 },
      ]),
    ).toEqual([
      { day: '2025-06-29', count: 4 },
      { day: '2025-06-30', count: 0 },
      { day: '2025-07-01', count: 0 },
      { day: '2025-07-02', count: 1 },
    ]);
    expect(everyDay([])).toEqual([]);
  });

  it('scales bars to a round top, the busiest day reaching it, and draws at most a year', () => {
    expect([roundTop(0), roundTop(1), roundTop(3), roundTop(7), roundTop(11), roundTop(50), roundTop(51)]).toEqual([
      1, 1, 5, 10, 20, 50, 100,
    ]);
    const chart = registrationsChart([
      { day: '2025-07-01', count: 4 },
      { day: '2025-07-03', count: 2 },
    ]);
    expect(chart.top).toBe(5);
    expect(chart.total).toBe(6);
    expect(chart.bars).toHaveLength(3);
    const [first, gap, third] = chart.bars;
    expect(first!.height).toBeCloseTo((4 / 5) * chart.plot.height);
    expect(first!.y + first!.height).toBeCloseTo(chart.plot.top + chart.plot.height);
    expect(gap!.height).toBe(0);
    expect(third!.x).toBeGreaterThan(first!.x);
    expect(third!.x + third!.width).toBeLessThanOrEqual(chart.plot.left + chart.plot.width);
    // A few days are bars of a readable width, not stretched across the chart.
    expect(first!.width).toBeLessThanOrEqual(40);

    const long = registrationsChart([
      { day: '2024-01-01', count: 1 },
      { day: '2025-12-31', count: 1 },
    ]);
    expect(long.bars).toHaveLength(MAX_CHART_DAYS);
    expect(long.lastDay).toBe('2025-12-31');
    expect(long.total).toBe(2);
  });
});
