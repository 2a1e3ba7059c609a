import { describe, expect, it } from 'vitest';
import { decideAccess, canListen, PASS_DAYS, type AccessQuestion, type Viewer } from '../../src/domain/access/access-rule.ts';
import type { AccessMode } from '../../src/domain/access/access-modes.ts';
import type { TimedPage, TimerConfig } from '../../src/domain/edition.ts';
import type { RegistrantTier } from '../../src/domain/entities.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const registeredAt = new Date('2025-07-10T00:00:00Z');
const firstVisit = new Date('2025-07-15T00:00:00Z');
const evergreen: TimerConfig = { mode: 'evergreen', durationSeconds: 24 * 3600, redirectUrl: 'day-2' };
const dashboardTimer: TimerConfig = { mode: 'evergreen', durationSeconds: 30 * 24 * 3600, redirectUrl: 'https://main.example/' };
// 2025-09-23T00:00 Sydney (+10:00) is 2025-09-22T14:00Z; the end a day later.
const live: TimerConfig = {
  mode: 'live',
  eventStartDate: '2025-09-23T00:00',
  eventEndDate: '2025-09-24T00:00',
  timezone: 'Australia/Sydney',
  redirectUrl: 'day-2',
};
const liveStart = Date.parse('2025-09-22T14:00:00Z');
const liveEnd = liveStart + DAY;

function ask(overrides: Partial<AccessQuestion>): ReturnType<typeof decideAccess> {
  return decideAccess({
    mode: 'open',
    viewer: { kind: 'anonymous' },
    page: 'day1',
    timer: evergreen,
    firstVisit,
    now: new Date(firstVisit.getTime() + HOUR),
    overRedirect: '/day-2',
    signInRedirect: '/register?next=%2Fday-1',
    ...overrides,
  });
}
const registrant = (tier: RegistrantTier): Viewer => ({ kind: 'registrant', tier, registeredAt });
const viewers: Array<[string, Viewer]> = [
  ['anonymous', { kind: 'anonymous' }],
  ['free', registrant('free')],
  ['replay', registrant('replay')],
  ['aap', registrant('aap')],
];
const modes: AccessMode[] = ['open', 'registrants'];

/** Expected kind for a day page: [mode][viewer] at (within window, after window, after the pass). */
describe('decideAccess: day pages, evergreen', () => {
  const within = new Date(firstVisit.getTime() + HOUR);
  const afterWindow = new Date(firstVisit.getTime() + 2 * DAY);
  const afterPass = new Date(registeredAt.getTime() + PASS_DAYS * DAY + HOUR);
  const expected: Record<AccessMode, Record<string, [string, string, string]>> = {
    open: {
      anonymous: ['allowed', 'over', 'over'],
      free: ['allowed', 'over', 'over'],
      replay: ['allowed', 'allowed', 'over'],
      aap: ['allowed', 'allowed', 'over'],
    },
    registrants: {
      anonymous: ['sign-in', 'sign-in', 'sign-in'],
      free: ['allowed', 'over', 'over'],
      replay: ['allowed', 'allowed', 'over'],
      aap: ['allowed', 'allowed', 'over'],
    },
  };
  for (const mode of modes) {
    for (const [name, viewer] of viewers) {
      it(`${mode} mode, ${name}: within the window, after it, after the pass`, () => {
        const kinds = [within, afterWindow, afterPass].map((now) => ask({ mode, viewer, now }).kind);
        expect(kinds).toEqual(expected[mode][name]);
      });
    }
  }

  it('a pass counts down to the end of its 30 days, the free window to its own end', () => {
    const free = ask({ viewer: registrant('free') });
    expect(free).toMatchObject({ kind: 'allowed', until: firstVisit.getTime() + DAY, countdown: { deadline: firstVisit.getTime() + DAY } });
    const replay = ask({ viewer: registrant('replay') });
    const passEnd = registeredAt.getTime() + PASS_DAYS * DAY;
    expect(replay).toMatchObject({ kind: 'allowed', until: passEnd, countdown: { mode: 'evergreen', deadline: passEnd } });
  });

  it('keeps the later end when the page window outlasts the pass', () => {
    const lateVisit = new Date(registeredAt.getTime() + PASS_DAYS * DAY - HOUR);
    const answer = ask({ viewer: registrant('replay'), firstVisit: lateVisit, now: new Date(lateVisit.getTime() + 2 * HOUR) });
    expect(answer).toMatchObject({ kind: 'allowed', until: lateVisit.getTime() + DAY });
  });

  it('the over and sign-in answers carry their redirect targets', () => {
    expect(ask({ now: new Date(firstVisit.getTime() + 2 * DAY) })).toEqual({ kind: 'over', redirectTo: '/day-2' });
    expect(ask({ mode: 'registrants' })).toEqual({ kind: 'sign-in', redirectTo: '/register?next=%2Fday-1' });
  });
});

describe('decideAccess: day pages, live', () => {
  const before = new Date(liveStart - HOUR);
  const during = new Date(liveStart + HOUR);
  const after = new Date(liveEnd + HOUR);
  const livePass = new Date('2025-09-20T00:00:00Z');
  for (const mode of modes) {
    for (const [name, viewer] of viewers) {
      it(`${mode} mode, ${name}: before the start, during, after the end`, () => {
        const who = viewer.kind === 'registrant' ? { ...viewer, registeredAt: livePass } : viewer;
        const kinds = [before, during, after].map((now) => ask({ mode, viewer: who, timer: live, now }).kind);
        const gated = mode === 'registrants' && viewer.kind === 'anonymous';
        const passHolder = viewer.kind === 'registrant' && viewer.tier !== 'free';
        expect(kinds).toEqual(gated ? ['sign-in', 'sign-in', 'sign-in'] : ['not-yet', 'allowed', passHolder ? 'allowed' : 'over']);
      });
    }
  }

  it('before the start counts down to the start, and nobody can listen yet', () => {
    const answer = ask({ timer: live, now: new Date(liveStart - HOUR) });
    expect(answer).toMatchObject({ kind: 'not-yet', opensAt: liveStart, countdown: { phase: 'before-start', deadline: liveStart } });
    expect(canListen(answer)).toBe(false);
    expect(canListen(ask({ timer: live, now: new Date(liveStart + HOUR) }))).toBe(true);
  });
});

describe('decideAccess: dashboards', () => {
  const within = new Date(firstVisit.getTime() + 10 * DAY);
  const after = new Date(firstVisit.getTime() + 31 * DAY);
  const expected: Record<AccessMode, Record<string, [string, string]>> = {
    open: { anonymous: ['allowed', 'over'], free: ['allowed', 'over'], replay: ['allowed', 'over'], aap: ['allowed', 'over'] },
    registrants: {
      anonymous: ['sign-in', 'sign-in'],
      free: ['reduced', 'reduced'],
      replay: ['reduced', 'reduced'],
      aap: ['allowed', 'over'],
    },
  };
  for (const mode of modes) {
    for (const [name, viewer] of viewers) {
      it(`${mode} mode, ${name}: within 30 days, after`, () => {
        const kinds = [within, after].map((now) => ask({ mode, viewer, page: 'dashboard' as TimedPage, timer: dashboardTimer, now }).kind);
        expect(kinds).toEqual(expected[mode][name]);
      });
    }
  }
  it('the dashboard shows the dashboard context', () => {
    expect(ask({ page: 'dashboard', timer: dashboardTimer })).toMatchObject({ kind: 'allowed', hostContext: 'dashboard' });
  });
});

describe('decideAccess: host-view context on day pages', () => {
  it('is the upsell for anonymous visitors and free and replay registrants; All Access holders see the session links in any mode', () => {
    // No one is offered a pass they hold (decision 0057), in open mode either.
    expect(ask({ viewer: registrant('aap') })).toMatchObject({ hostContext: 'dashboard' });
    expect(ask({ viewer: { kind: 'anonymous' } })).toMatchObject({ hostContext: 'public' });
    expect(ask({ viewer: registrant('replay') })).toMatchObject({ hostContext: 'public' });
    expect(ask({ mode: 'registrants', viewer: registrant('free') })).toMatchObject({ hostContext: 'public' });
    expect(ask({ mode: 'registrants', viewer: registrant('replay') })).toMatchObject({ hostContext: 'public' });
    expect(ask({ mode: 'registrants', viewer: registrant('aap') })).toMatchObject({ hostContext: 'dashboard' });
  });
  it('an untimed page is open with no end', () => {
    expect(ask({ timer: null })).toEqual({ kind: 'allowed', until: null, countdown: null, hostContext: 'public', redirectTo: '/day-2' });
  });
});

describe('decideAccess: the drip in registrants mode', () => {
  const justRegistered = new Date(registeredAt.getTime() + 5 * 60_000);
  const question = (page: TimedPage, now: Date, visit = now) =>
    ask({ mode: 'registrants', viewer: registrant('free'), page, now, firstVisit: visit });

  it('keeps days 2 and 3 closed until they drip: the page stays and counts down to when the day opens for them', () => {
    expect(question('day1', justRegistered).kind).toBe('allowed');
    const opensAt = registeredAt.getTime() + DAY;
    expect(question('day2', justRegistered)).toEqual({
      kind: 'not-yet',
      opensAt,
      countdown: { status: 'counting', mode: 'evergreen', phase: 'before-start', deadline: opensAt },
      hostContext: 'public',
      redirectTo: '/day-2',
    });
    expect(question('day3', new Date(registeredAt.getTime() + DAY + HOUR))).toMatchObject({
      kind: 'not-yet',
      opensAt: registeredAt.getTime() + 2 * DAY,
    });
    expect(canListen(question('day2', justRegistered))).toBe(false);
    expect(canListen(question('day2', new Date(opensAt)))).toBe(true);
  });

  it('a free or Replay registrant gets their own reduced dashboard, untimed; All Access the full one', () => {
    for (const tier of ['free', 'replay'] as const) {
      expect(ask({ mode: 'registrants', viewer: registrant(tier), page: 'dashboard', timer: dashboardTimer })).toEqual({
        kind: 'reduced',
        hostContext: 'public',
        redirectTo: '/day-2',
      });
    }
    expect(ask({ mode: 'registrants', viewer: registrant('aap'), page: 'dashboard', timer: dashboardTimer }).kind).toBe('allowed');
  });

  it('never sends a registrant away from day 1, even on a clock that reads before their registration', () => {
    // Day 2's timer leads on to day 2, whose drip leads back to day 1: a loop if day 1 could drip.
    const earlier = new Date(registeredAt.getTime() - HOUR);
    expect(question('day1', earlier).kind).toBe('allowed');
  });

  it('counts a day’s window from when it dripped at the earliest', () => {
    const answer = question('day2', new Date(registeredAt.getTime() + DAY + HOUR), justRegistered);
    expect(answer).toMatchObject({ kind: 'allowed', until: registeredAt.getTime() + 2 * DAY });
  });

  it('leaves open editions and live days as they were', () => {
    expect(ask({ mode: 'open', viewer: registrant('free'), page: 'day2', now: justRegistered, firstVisit: justRegistered }).kind).toBe(
      'allowed',
    );
    expect(
      ask({
        mode: 'registrants',
        viewer: registrant('free'),
        page: 'day2',
        timer: live,
        now: new Date(liveStart + HOUR),
        firstVisit: new Date(liveStart),
      }).kind,
    ).toBe('allowed');
  });
});
