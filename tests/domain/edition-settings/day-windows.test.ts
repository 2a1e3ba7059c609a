import { describe, expect, it } from 'vitest';
import { deriveDayWindow, followsSummit, scheduleDates } from '../../../src/domain/edition-dates/day-windows.ts';
import { instantToLocalDateTime, localDateTimeToOffsetInstant } from '../../../src/domain/edition-dates/zoned-time.ts';
import { addDays } from '../../../src/domain/edition-dates/calendar-days.ts';
import type { TimerConfig } from '../../../src/domain/edition.ts';

const september = { summitStartDate: '2025-09-23', summitEndDate: '2025-09-25' };
const live = (eventStartDate: string, eventEndDate: string): TimerConfig => ({
  mode: 'live',
  eventStartDate,
  eventEndDate,
  timezone: 'Australia/Sydney',
  redirectUrl: 'day-2',
});

describe('day windows from the summit dates', () => {
  it('gives day N the summit’s Nth day, midnight to midnight (the demo’s September windows)', () => {
    expect([1, 2, 3].map((day) => deriveDayWindow(september, day))).toEqual([
      { eventStartDate: '2025-09-23T00:00', eventEndDate: '2025-09-24T00:00' },
      { eventStartDate: '2025-09-24T00:00', eventEndDate: '2025-09-25T00:00' },
      { eventStartDate: '2025-09-25T00:00', eventEndDate: '2025-09-26T00:00' },
    ]);
  });

  it('crosses month and year ends, and gives a short summit’s last day to the remaining pages', () => {
    expect(deriveDayWindow({ summitStartDate: '2025-12-31', summitEndDate: '2026-01-02' }, 2)).toEqual({
      eventStartDate: '2026-01-01T00:00',
      eventEndDate: '2026-01-02T00:00',
    });
    const oneDay = { summitStartDate: '2026-02-28', summitEndDate: '2026-02-28' };
    expect(deriveDayWindow(oneDay, 3)).toEqual({ eventStartDate: '2026-02-28T00:00', eventEndDate: '2026-03-01T00:00' });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('says a window follows the summit only when it is the derived one (seconds or not); evergreen windows do not', () => {
    expect(followsSummit(live('2025-09-24T00:00', '2025-09-25T00:00'), september, 'day2')).toBe(true);
    expect(followsSummit(live('2025-09-24T00:00:00', '2025-09-25T00:00'), september, 'day2')).toBe(true);
    expect(followsSummit(live('2025-09-24T09:00', '2025-09-25T00:00'), september, 'day2')).toBe(false);
    expect(followsSummit(live('2025-09-24T00:00', '2025-09-25T00:00'), september, 'day1')).toBe(false);
    expect(followsSummit({ mode: 'evergreen', durationSeconds: 86400, redirectUrl: 'day-2' }, september, 'day1')).toBe(false);
  });
});

describe('wall-clock times in the edition’s time zone', () => {
  it('turns a picked time into an instant with the zone’s offset, daylight saving included', () => {
    expect(localDateTimeToOffsetInstant('2025-07-30T10:00', 'Australia/Sydney')).toBe('2025-07-30T10:00:00+10:00');
    expect(localDateTimeToOffsetInstant('2025-12-30T10:00', 'Australia/Sydney')).toBe('2025-12-30T10:00:00+11:00');
    expect(localDateTimeToOffsetInstant('2025-07-30T10:00', 'America/New_York')).toBe('2025-07-30T10:00:00-04:00');
    expect(localDateTimeToOffsetInstant('2025-07-30T10:00', 'Asia/Kolkata')).toBe('2025-07-30T10:00:00+05:30');
    expect(localDateTimeToOffsetInstant('2025-07-30T10:00', 'UTC')).toBe('2025-07-30T10:00:00+00:00');
  });

  it('shows an instant as the wall-clock time of the zone, and back', () => {
    expect(instantToLocalDateTime('2025-07-30T10:00:00+10:00', 'Australia/Sydney')).toBe('2025-07-30T10:00');
    expect(instantToLocalDateTime('2025-07-30T10:00:00+10:00', 'Europe/London')).toBe('2025-07-30T01:00');
    const instant = localDateTimeToOffsetInstant('2026-03-29T01:30', 'Europe/Berlin');
    expect(instantToLocalDateTime(instant, 'Europe/Berlin')).toBe('2026-03-29T01:30');
  });
});

describe('the fixed integration schedule', () => {
  it('dates an entry without a date of its own by the integration week, and keeps one that has it', () => {
    const entries = [
      { label: 'Day 0', date: '' },
      { label: 'Day 1', date: '' },
      { label: 'Later', date: 'Some day in August' },
      { label: 'Day 3', date: '' },
    ];
    expect(scheduleDates(entries, '2025-07-31').map((entry) => entry.date)).toEqual([
      'July 31',
      'August 1',
      'Some day in August',
      'August 3',
    ]);
  });
});
