import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessQuestion } from '../../src/domain/access/access-rule.ts';
import { listeningKey, listeningOf, listeningOnDashboard } from '../../src/domain/access/listening.ts';
import type { TimerConfig } from '../../src/domain/edition.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const registeredAt = new Date('2025-07-10T00:00:00Z');
const evergreen: TimerConfig = { mode: 'evergreen', durationSeconds: 24 * 3600, redirectUrl: 'day-3' };
const live: TimerConfig = {
  mode: 'live',
  eventStartDate: '2025-09-23T00:00',
  eventEndDate: '2025-09-24T00:00',
  timezone: 'Australia/Sydney',
  redirectUrl: 'day-3',
};
const liveStart = Date.parse('2025-09-22T14:00:00Z');

function day2(overrides: Partial<AccessQuestion>) {
  return decideAccess({
    mode: 'registrants',
    viewer: { kind: 'registrant', tier: 'free', registeredAt },
    page: 'day2',
    timer: evergreen,
    firstVisit: registeredAt,
    now: registeredAt,
    overRedirect: '/day-3',
    signInRedirect: '/register',
    ...overrides,
  });
}

describe('listening: a player only when the visitor may listen', () => {
  it('a day not dripped to a free registrant opens at their drip instant; then it plays; after its window it is closed', () => {
    expect(listeningOf(day2({ now: new Date(registeredAt.getTime() + HOUR) }))).toEqual({
      kind: 'opens',
      at: registeredAt.getTime() + DAY,
    });
    const opened = new Date(registeredAt.getTime() + DAY + HOUR);
    expect(listeningOf(day2({ now: opened, firstVisit: opened }))).toEqual({ kind: 'open' });
    expect(listeningOf(day2({ now: new Date(opened.getTime() + 2 * DAY), firstVisit: opened }))).toEqual({ kind: 'closed' });
  });

  it('a live day before its start opens at the start, for everyone', () => {
    const before = day2({ mode: 'open', viewer: { kind: 'anonymous' }, timer: live, now: new Date(liveStart - HOUR) });
    expect(listeningOf(before)).toEqual({ kind: 'opens', at: liveStart });
  });

  it('an anonymous visitor of a registrants edition hears nothing', () => {
    expect(listeningOf(day2({ viewer: { kind: 'anonymous' } }))).toEqual({ kind: 'closed' });
  });

  it('the full dashboard keeps a day whose page window closed; the reduced one does not; neither opens a day early', () => {
    const later = new Date(registeredAt.getTime() + 5 * DAY);
    const over = day2({ now: later, firstVisit: new Date(registeredAt.getTime() + DAY) });
    expect(over.kind).toBe('over');
    expect(listeningOnDashboard(over, 'full')).toEqual({ kind: 'open' });
    expect(listeningOnDashboard(over, 'reduced')).toEqual({ kind: 'closed' });
    const early = day2({ now: new Date(registeredAt.getTime() + HOUR) });
    expect(listeningOnDashboard(early, 'full')).toEqual({ kind: 'opens', at: registeredAt.getTime() + DAY });
    const anonymous = day2({ viewer: { kind: 'anonymous' } });
    expect(listeningOnDashboard(anonymous, 'full')).toEqual({ kind: 'closed' });
  });

  it('names the days’ states for cache keys', () => {
    const days = new Map([
      [1, { kind: 'open' } as const],
      [2, { kind: 'opens', at: 1 } as const],
      [3, { kind: 'closed' } as const],
    ]);
    expect(listeningKey(days)).toBe('1o 2s 3c');
  });
});
