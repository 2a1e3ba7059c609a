import { describe, expect, it } from 'vitest';
import type { TimerConfig } from '../../src/domain/edition.ts';
import { expiredMessage } from '../../src/domain/countdown.ts';
import { computeTimer, resolveRedirect, zonedTimeToInstant } from '../../src/domain/timer.ts';

const HOUR = 3600_000;
const evergreen: TimerConfig = { mode: 'evergreen', durationSeconds: 24 * 3600, redirectUrl: 'day-2' };
const septemberDay1: TimerConfig = {
  mode: 'live',
  eventStartDate: '2025-09-23T00:00',
  eventEndDate: '2025-09-24T00:00',
  timezone: 'Australia/Sydney',
  redirectUrl: 'day-2',
};

describe('evergreen timer', () => {
  const firstVisit = new Date('2026-01-10T08:00:00Z');
  it('counts down to first visit + duration', () => {
    expect(computeTimer(evergreen, firstVisit, new Date('2026-01-10T09:00:00Z'))).toEqual({
      status: 'counting',
      mode: 'evergreen',
      phase: 'evergreen',
      deadline: Date.parse('2026-01-11T08:00:00Z'),
    });
  });
  it('is expired at the deadline and after', () => {
    expect(computeTimer(evergreen, firstVisit, new Date('2026-01-11T08:00:00Z')).status).toBe('expired');
    expect(computeTimer(evergreen, firstVisit, new Date('2026-01-11T07:59:59.999Z')).status).toBe('counting');
  });
  it('gives the dashboard 30 days', () => {
    const dashboard: TimerConfig = { mode: 'evergreen', durationSeconds: 30 * 86400, redirectUrl: 'https://example.com' };
    const state = computeTimer(dashboard, firstVisit, firstVisit);
    expect(state.status === 'counting' && state.deadline - firstVisit.getTime()).toBe(30 * 24 * HOUR);
  });
});

describe('live timer in Australia/Sydney', () => {
  const visit = new Date('2025-01-01T00:00:00Z');
  // 2025-09-23 00:00 AEST (UTC+10) is 2025-09-22 14:00 UTC.
  const start = Date.parse('2025-09-22T14:00:00Z');
  const end = Date.parse('2025-09-23T14:00:00Z');
  it('counts down to the start before the event', () => {
    expect(computeTimer(septemberDay1, visit, new Date(start - HOUR))).toEqual({
      status: 'counting',
      mode: 'live',
      phase: 'before-start',
      deadline: start,
    });
  });
  it('counts down to the end during the event', () => {
    expect(computeTimer(septemberDay1, visit, new Date(start))).toEqual({
      status: 'counting',
      mode: 'live',
      phase: 'until-end',
      deadline: end,
    });
    expect(computeTimer(septemberDay1, visit, new Date(end - 1))).toMatchObject({ phase: 'until-end' });
  });
  it('has ended at the end, whatever the first visit', () => {
    expect(computeTimer(septemberDay1, new Date(end + HOUR), new Date(end))).toEqual({ status: 'expired', mode: 'live' });
  });
  it('counts a window across the daylight-saving start as 23 real hours', () => {
    // Sydney clocks go from 02:00 to 03:00 on 2025-10-05.
    const acrossDst: TimerConfig = {
      mode: 'live',
      eventStartDate: '2025-10-04T12:00',
      eventEndDate: '2025-10-05T12:00',
      timezone: 'Australia/Sydney',
      redirectUrl: 'day-2',
    };
    const dstStart = zonedTimeToInstant('2025-10-04T12:00', 'Australia/Sydney');
    expect(new Date(dstStart).toISOString()).toBe('2025-10-04T02:00:00.000Z');
    const state = computeTimer(acrossDst, visit, new Date(dstStart));
    expect(state.status === 'counting' && (state.deadline - dstStart) / HOUR).toBe(23);
    expect(new Date(zonedTimeToInstant('2025-10-05T12:00', 'Australia/Sydney')).toISOString()).toBe('2025-10-05T01:00:00.000Z');
  });
  it('counts a window across the daylight-saving end as 25 real hours', () => {
    // Sydney clocks go from 03:00 back to 02:00 on 2026-04-05.
    const hours =
      (zonedTimeToInstant('2026-04-05T12:00', 'Australia/Sydney') - zonedTimeToInstant('2026-04-04T12:00', 'Australia/Sydney')) / HOUR;
    expect(hours).toBe(25);
  });
});

describe('expiredMessage', () => {
  it('has the spec’s wording for each mode', () => {
    expect(expiredMessage('evergreen', 'Day 1')).toBe('Your summit access is now over - Redirecting you now...');
    expect(expiredMessage('live', 'Day 2')).toBe('The Day 2 event has ended - Redirecting you now...');
  });
});

describe('resolveRedirect', () => {
  it('stays within the edition or the legacy root for relative targets', () => {
    expect(resolveRedirect('day-2', new URL('http://site.test/august/day-1'))).toBe('/august/day-2');
    expect(resolveRedirect('day-3', new URL('http://site.test/day-2'))).toBe('/day-3');
  });
  it('keeps absolute external targets', () => {
    expect(resolveRedirect('https://courses.example.com/july', new URL('http://site.test/day-3'))).toBe('https://courses.example.com/july');
  });
});
