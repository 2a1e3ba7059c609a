import { describe, expect, it } from 'vitest';
import { checkDateAgreement, type EditionDates } from '../../../src/domain/edition-dates/date-agreement.ts';
import type { TimerConfig } from '../../../src/domain/edition.ts';

const SYDNEY = 'Australia/Sydney';
const live = (eventStartDate: string, eventEndDate: string, timezone = SYDNEY): TimerConfig => ({
  mode: 'live',
  eventStartDate,
  eventEndDate,
  timezone,
  redirectUrl: 'day-2',
});

/** The demo's September edition, whose dates agree. */
function september(change: (dates: EditionDates) => void = () => {}): EditionDates {
  const dates: EditionDates = {
    summitStartDate: '2025-09-23',
    summitEndDate: '2025-09-25',
    timezone: SYDNEY,
    settings: {
      retreat: { startDate: '2025-09-30', endDate: '2025-10-03', cardEndDate: '2025-10-04' },
      integrationWeek: { startDate: '2025-09-29', endDate: '2025-10-03' },
      dashboard: { workshop: { startsAt: '2025-09-30T10:00:00+10:00' } },
      registrationClosesAt: null,
    },
    timers: {
      day1: live('2025-09-23T00:00', '2025-09-24T00:00'),
      day2: live('2025-09-24T00:00', '2025-09-25T00:00'),
      day3: live('2025-09-25T00:00', '2025-09-26T00:00'),
      dashboard: { mode: 'evergreen', durationSeconds: 30 * 86400, redirectUrl: 'https://example.com' },
    },
  };
  change(dates);
  return dates;
}

const summit = 'the summit (September 23-25 2025, Australia/Sydney time)';

describe('date agreement', () => {
  it('finds nothing wrong with dates that agree', () => {
    expect(checkDateAgreement(september())).toEqual([]);
  });

  it('refuses a retreat that starts before or on the summit’s last day, or ends before it starts', () => {
    const issues = checkDateAgreement(
      september((d) => (d.settings.retreat = { startDate: '2025-09-20', endDate: '2025-09-19', cardEndDate: '2025-09-21' })),
    );
    expect(issues).toEqual([
      { path: 'settings.retreat.startDate', message: 'The retreat must start after the summit, which ends on September 25 2025.' },
      { path: 'settings.retreat.endDate', message: 'The retreat cannot end before it starts (September 20 2025).' },
    ]);
    expect(checkDateAgreement(september((d) => (d.settings.retreat!.startDate = '2025-09-25')))[0]?.path).toBe(
      'settings.retreat.startDate',
    );
  });

  it('refuses a day window outside the summit or closing before it opens, read in the edition’s time zone', () => {
    const issues = checkDateAgreement(
      september((d) => {
        d.timers.day1 = live('2025-09-22T23:59', '2025-09-23T12:00');
        d.timers.day2 = live('2025-09-24T12:00', '2025-09-24T12:00');
        d.timers.day3 = live('2025-09-25T00:00', '2025-09-26T00:01');
      }),
    );
    expect(issues).toEqual([
      { path: 'timers.day1.eventStartDate', message: `Day 1 must open during ${summit}.` },
      { path: 'timers.day2.eventEndDate', message: 'Day 2 must close after it opens.' },
      { path: 'timers.day3.eventEndDate', message: `Day 3 must close by the end of ${summit}.` },
    ]);
  });

  it('reads day windows in the edition’s own time zone only', () => {
    const issues = checkDateAgreement(september((d) => (d.timers.day1 = live('2025-09-23T00:00', '2025-09-24T00:00', 'Europe/London'))));
    expect(issues).toEqual([
      { path: 'timers.day1.timezone', message: 'Day 1 is read in the edition’s time zone (Australia/Sydney), not Europe/London.' },
    ]);
  });

  it('checks a live dashboard only for its own order and zone: it may run long after the summit', () => {
    const issues = checkDateAgreement(
      september(
        (d) => (d.timers.dashboard = { ...live('2025-10-30T00:00', '2025-10-01T00:00', 'UTC'), redirectUrl: 'https://example.com' }),
      ),
    );
    expect(issues.map((issue) => issue.path)).toEqual(['timers.dashboard.timezone', 'timers.dashboard.eventEndDate']);
    expect(checkDateAgreement(september((d) => (d.timers.dashboard = live('2025-09-23T00:00', '2025-12-31T00:00'))))).toEqual([]);
  });

  it('leaves evergreen windows alone: they count from each visitor’s first visit', () => {
    const evergreen: TimerConfig = { mode: 'evergreen', durationSeconds: 86400, redirectUrl: 'day-2' };
    expect(checkDateAgreement(september((d) => (d.timers = { day1: evergreen, day2: evergreen, day3: evergreen })))).toEqual([]);
  });

  it('refuses an integration week before the summit, a workshop or a registration end before it starts', () => {
    const issues = checkDateAgreement(
      september((d) => {
        d.settings.integrationWeek = { startDate: '2025-09-01', endDate: '2025-09-05' };
        d.settings.dashboard.workshop = { startsAt: '2025-09-22T23:59:00+10:00' };
        d.settings.registrationClosesAt = '2025-09-22T13:00:00Z';
      }),
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      'settings.integrationWeek.startDate',
      'settings.dashboard.workshop.startsAt',
      'settings.registrationClosesAt',
    ]);
    expect(issues[1]!.message).toBe('The workshop cannot be before the summit starts (September 23 2025).');
    // Midnight in Sydney is 14:00 UTC the day before: a workshop at that instant is on time.
    expect(checkDateAgreement(september((d) => (d.settings.dashboard.workshop = { startsAt: '2025-09-22T14:00:00Z' })))).toEqual([]);
  });

  it('says only that the summit ends before it starts when it does', () => {
    expect(checkDateAgreement(september((d) => (d.summitEndDate = '2025-09-01')))).toEqual([
      { path: 'summitEndDate', message: 'The summit cannot end before it starts.' },
    ]);
  });
});
