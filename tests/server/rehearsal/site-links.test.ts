/**
 * The site's own links as a rehearsal answers them (decision 0081): by the route a path reaches
 * and that route's rule for the registrant at the moment, with keys and tokens made by the
 * site's own key code under the rehearsal's secret. What a host would see: their own links open,
 * someone else's or a made-up one does not, an erased registrant's open nothing, a closed day
 * page redirects (not an error), a pass not on sale answers 404.
 */
import { describe, expect, it } from 'vitest';
import { castFor } from '../../../src/domain/rehearsal/cast.ts';
import type { SummitMoments } from '../../../src/domain/rehearsal/moments.ts';
import { linksUnder } from '../../../src/server/mail/personal-links.ts';
import { siteAnswer, type LinkAsker } from '../../../src/server/rehearsal/site-links.ts';

const SITE = 'https://summit.example.org';
const SECRET = 'a-rehearsal-secret-that-opens-nothing-anywhere';
const HOUR = 3600_000;
const DAY1 = Date.parse('2026-12-01T00:00:00Z');

const moments: SummitMoments = {
  registrationOpens: DAY1 - 7 * 24 * HOUR,
  days: ([1, 2, 3] as const).map((day) => ({ day, start: DAY1 + (day - 1) * 24 * HOUR, end: DAY1 + day * 24 * HOUR, timed: true })),
  summitEnd: DAY1 + 72 * HOUR,
};
const [free, erased] = castFor(
  [
    { kind: 'free', timeZone: null },
    { kind: 'erased', timeZone: null },
  ],
  moments,
);
const live = (day: number) => ({
  mode: 'live' as const,
  eventStartDate: `2026-12-0${day}T00:00`,
  eventEndDate: `2026-12-0${day + 1}T00:00`,
  timezone: 'UTC',
  redirectUrl: '/',
});

function asker(member = free!, id = 1, at = DAY1 + HOUR, onSale = true): LinkAsker {
  return {
    member,
    id,
    at,
    question: {
      mode: 'registrants',
      timers: { day1: live(1), day2: live(2), day3: live(3) },
      tier: 'free',
      registeredAt: member.story[0]!.at,
    },
    slug: 'winter',
    secret: SECRET,
    passOnSale: () => onSale,
  };
}
const answer = (path: string, who: LinkAsker = asker()) => siteAnswer(new URL(path, SITE), who);
const links = (id: number) => linksUnder(SECRET, SITE)({ registrantId: id, keyVersion: 1 });

describe('the site’s own links in a rehearsal', () => {
  it('opens their own personal links, feed and unsubscribe page', () => {
    const own = links(1);
    expect(answer(own.day(2)).status).toBe(303);
    expect(answer(own.dashboard).status).toBe(303);
    expect(answer(own.feed)).toEqual({ status: 200, why: 'their private feed' });
    expect(answer(own.unsubscribe)).toEqual({ status: 200, why: 'their e-mail choices' });
  });

  it('answers 404 to someone else’s key or token, and to a tampered one', () => {
    const other = links(2);
    expect(answer(other.dashboard)).toMatchObject({ status: 404, why: 'the key is not theirs' });
    expect(answer(other.unsubscribe)).toMatchObject({ status: 404 });
    const tampered = links(1).feed.replace(/.\.xml$/, (end) => `${end[0] === 'A' ? 'B' : 'A'}.xml`);
    expect(answer(tampered)).toMatchObject({ status: 404, why: 'the key does not match' });
  });

  it('answers 404 to an erased registrant’s links once they are erased, not before', () => {
    const own = links(2);
    const erasedAt = erased!.story.find((step) => step.what === 'erased')!.at;
    expect(answer(own.feed, asker(erased, 2, erasedAt - HOUR)).status).toBe(200);
    expect(answer(own.feed, asker(erased, 2, erasedAt + HOUR))).toMatchObject({ status: 404, why: expect.stringContaining('erased') });
    expect(answer(own.dashboard, asker(erased, 2, erasedAt + HOUR)).status).toBe(404);
  });

  it('answers an edition page by the access rule: open, or closed and redirecting, never an error', () => {
    expect(answer('/winter/day-1')).toEqual({ status: 200, why: 'day-1 opens' });
    // Day 1 of a live summit is over on day 3: the page redirects.
    expect(answer('/winter/day-1', asker(free, 1, DAY1 + 50 * HOUR)).status).toBe(303);
    expect(answer('/winter/day-9')).toMatchObject({ status: 404 });
    expect(answer('/winter/programme')).toMatchObject({ status: 404 });
  });

  it('answers a checkout by whether the pass is on sale here, and an unknown path with 404', () => {
    expect(answer('/checkout/winter/aap').status).toBe(303);
    expect(answer('/checkout/winter/aap', asker(free, 1, DAY1, false))).toMatchObject({
      status: 404,
      why: 'this pass is not on sale here',
    });
    expect(answer('/checkout/winter/gold')).toMatchObject({ status: 404 });
    expect(answer('/checkout/autumn/aap')).toMatchObject({ status: 404 });
    for (const open of ['/', '/register', '/thank-you', '/access']) expect(answer(open).status, open).toBe(200);
    expect(answer('/no/such/page')).toMatchObject({ status: 404 });
  });
});
