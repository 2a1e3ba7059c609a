/** What a rehearsal reads in the words a registrant is shown (decision 0077): prices, times and their zones, empty headings. */
import { describe, expect, it } from 'vitest';
import { castFor, parseCast, stateAt } from '../../../src/domain/rehearsal/cast.ts';
import { dayGroupOf, summitMoments } from '../../../src/domain/rehearsal/moments.ts';
import { emptyHeadings, quotedAmounts, timeProblems } from '../../../src/domain/rehearsal/text-checks.ts';
import { dayWindows } from '../../../src/domain/mail/send-rules.ts';

describe('prices in words', () => {
  it('reads amounts in the edition’s currency, before or after its mark, in minor units', () => {
    expect(quotedAmounts('The pass is €1,290.50 until Fri, then 129,00 € or EUR 99', 'eur', 'en')).toEqual([
      { text: '€1,290.50', amount: 129050 },
      { text: '129,00 €', amount: 12900 },
      { text: 'EUR 99', amount: 9900 },
    ]);
    expect(quotedAmounts('Only ¥5,000 today', 'jpy', 'ja').map((quoted) => quoted.amount)).toEqual([5000]);
    // Another currency's amount is not this edition's price.
    expect(quotedAmounts('Costs $97.00', 'eur', 'en')).toEqual([]);
  });
});

describe('times and their zones', () => {
  const at = Date.parse('2026-12-01T12:00:00Z');
  it('accepts a time named in the reader’s zone, by any of the names the site writes', () => {
    expect(
      timeProblems('Closes 2 Dec 2026, 00:00 CET and Tuesday 2 December at 12:00 am GMT+1, or 23:59 (Europe/Berlin)', 'Europe/Berlin', at),
    ).toEqual([]);
  });
  it('flags a time without its zone, and one in another zone', () => {
    expect(timeProblems('Doors open at 18:30.', 'Europe/Berlin', at)).toEqual(['“18:30” is written without its time zone']);
    expect(timeProblems('Ends 2 Dec 2026, 00:00 CET.', 'America/New_York', at)).toEqual([
      '“00:00 CET” is written in CET, not in the reader’s America/New_York',
    ]);
  });
});

it('finds headings with no words', () => {
  expect(emptyHeadings('<h1>Welcome</h1><h2 class="x"> <span></span>&nbsp;</h2><h3>Day 2</h3>')).toEqual(['an empty level-2 heading']);
});

describe('the cast and the summit’s moments', () => {
  const timer = (day: number) => ({
    mode: 'live' as const,
    eventStartDate: `2026-12-0${day}T00:00`,
    eventEndDate: `2026-12-0${day + 1}T00:00`,
    timezone: 'Europe/Berlin',
    redirectUrl: '/',
  });
  const moments = summitMoments(
    { summitStartDate: '2026-12-01', timezone: 'Europe/Berlin' },
    dayWindows({ day1: timer(1), day2: timer(2), day3: timer(3) }),
  );

  it('places a live summit’s days where their timers are, registration a week before', () => {
    expect(new Date(moments.days[1]!.start).toISOString()).toBe('2026-12-01T23:00:00.000Z');
    expect(new Date(moments.registrationOpens).toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect([moments.registrationOpens, moments.days[1]!.start + 1, moments.summitEnd].map((at) => dayGroupOf(at, moments))).toEqual([
      'before',
      2,
      'after',
    ]);
  });

  it('tells what each registrant holds and has agreed to as their story goes', () => {
    const parsed = parseCast(['upgrades', 'refunded', 'unsubscribes-day-1']);
    if (!parsed.ok) throw new Error(parsed.message);
    const [upgrades, refunded, unsubscribes] = castFor(parsed.kinds, moments);
    const dayTwo = moments.days[1]!.start;
    expect(stateAt(upgrades!, dayTwo).tier).toBe('replay');
    expect(stateAt(upgrades!, dayTwo + 3 * 3600_000).tier).toBe('aap');
    expect(stateAt(refunded!, dayTwo).tier).toBe('aap');
    expect(stateAt(refunded!, dayTwo + 4 * 3600_000).tier).toBe('free');
    expect(stateAt(unsubscribes!, moments.days[0]!.start + 3 * 3600_000)).toMatchObject({ unsubscribed: true, consents: true });
  });

  it('refuses a kind that does not exist, and a zone that is not one', () => {
    expect(parseCast(['free', 'vip'])).toMatchObject({ ok: false, message: expect.stringContaining('There is no registrant kind “vip”') });
    expect(parseCast(['free:Nowhere/Land'])).toMatchObject({ ok: false, message: expect.stringContaining('is not a time zone') });
    expect(parseCast([' , '])).toMatchObject({ ok: false });
  });
});
