/**
 * Whether an edition's dates agree with its summit dates, the one place they are stated: a day
 * window inside the summit and closing after it opens, read in the edition's time zone; the
 * retreat and the integration week after the summit; the workshop and the end of registration
 * not before the summit starts. Each disagreement is one message for the field it is about
 * (paths as the edition form names its fields; the import prefixes them with "edition.").
 */
import type { TimedPage, TimerConfig } from '../edition.ts';
import type { EditionSettings } from '../edition-settings/schema.ts';
import { formatDayRangeWithYear } from '../dates.ts';
import { zonedTimeToInstant } from '../timer.ts';
import { DAY_PAGES, dayNumberOf, type DayPage } from './day-windows.ts';
import { addDays, toMinute } from './calendar-days.ts';

export interface EditionDates {
  summitStartDate: string;
  summitEndDate: string;
  timezone: string;
  settings: Pick<EditionSettings, 'retreat' | 'integrationWeek' | 'registrationClosesAt'> & {
    dashboard: { workshop: { startsAt: string } | null };
  };
  timers: Partial<Record<TimedPage, TimerConfig>>;
}

export interface DateIssue {
  /** "settings.retreat.startDate", "timers.day2.eventEndDate", "summitEndDate". */
  path: string;
  message: string;
}

const onDay = (isoDate: string) => formatDayRangeWithYear(isoDate, isoDate);

/** The summit's own order; nothing else can be checked against dates that disagree with themselves. */
function summitIssues(dates: EditionDates): DateIssue[] {
  return dates.summitEndDate < dates.summitStartDate ? [{ path: 'summitEndDate', message: 'The summit cannot end before it starts.' }] : [];
}

function dayWindowIssues(dates: EditionDates, page: DayPage): DateIssue[] {
  const timer = dates.timers[page];
  if (timer?.mode !== 'live') return [];
  const day = `Day ${dayNumberOf(page)}`;
  const summit = `the summit (${formatDayRangeWithYear(dates.summitStartDate, dates.summitEndDate)}, ${dates.timezone} time)`;
  const opens = toMinute(timer.eventStartDate);
  const closes = toMinute(timer.eventEndDate);
  const issues: DateIssue[] = [];
  const at = (field: string) => `timers.${page}.${field}`;
  if (timer.timezone !== dates.timezone)
    issues.push({ path: at('timezone'), message: `${day} is read in the edition’s time zone (${dates.timezone}), not ${timer.timezone}.` });
  if (opens < `${dates.summitStartDate}T00:00` || opens >= `${addDays(dates.summitEndDate, 1)}T00:00`)
    issues.push({ path: at('eventStartDate'), message: `${day} must open during ${summit}.` });
  if (closes <= opens) issues.push({ path: at('eventEndDate'), message: `${day} must close after it opens.` });
  else if (closes > `${addDays(dates.summitEndDate, 1)}T00:00`)
    issues.push({ path: at('eventEndDate'), message: `${day} must close by the end of ${summit}.` });
  return issues;
}

/** A live dashboard is not tied to the summit's days, only to its own order and the edition's zone. */
function dashboardIssues(dates: EditionDates): DateIssue[] {
  const timer = dates.timers.dashboard;
  if (timer?.mode !== 'live') return [];
  const issues: DateIssue[] = [];
  if (timer.timezone !== dates.timezone)
    issues.push({
      path: 'timers.dashboard.timezone',
      message: `The dashboard is read in the edition’s time zone (${dates.timezone}), not ${timer.timezone}.`,
    });
  if (toMinute(timer.eventEndDate) <= toMinute(timer.eventStartDate))
    issues.push({ path: 'timers.dashboard.eventEndDate', message: 'The dashboard must close after it opens.' });
  return issues;
}

/** A stretch of days after the summit (the retreat, the integration week). */
function afterSummitIssues(what: { name: string; path: string; startDate: string; endDates: [string, string][] }, summitEnd: string) {
  const issues: DateIssue[] = [];
  if (what.startDate <= summitEnd)
    issues.push({
      path: `${what.path}.startDate`,
      message: `${what.name} must start after the summit, which ends on ${onDay(summitEnd)}.`,
    });
  for (const [field, endDate] of what.endDates) {
    if (endDate < what.startDate)
      issues.push({ path: `${what.path}.${field}`, message: `${what.name} cannot end before it starts (${onDay(what.startDate)}).` });
  }
  return issues;
}

/** Instants (the workshop, the end of registration) that cannot come before the summit's first midnight. */
function notBeforeSummitIssues(dates: EditionDates): DateIssue[] {
  const opens = zonedTimeToInstant(`${dates.summitStartDate}T00:00`, dates.timezone);
  const starts = onDay(dates.summitStartDate);
  const issues: DateIssue[] = [];
  const workshop = dates.settings.dashboard.workshop;
  if (workshop && Date.parse(workshop.startsAt) < opens)
    issues.push({ path: 'settings.dashboard.workshop.startsAt', message: `The workshop cannot be before the summit starts (${starts}).` });
  const closes = dates.settings.registrationClosesAt;
  if (closes && closes !== 'never' && Date.parse(closes) <= opens)
    issues.push({ path: 'settings.registrationClosesAt', message: `Registration cannot close before the summit starts (${starts}).` });
  return issues;
}

/** Every disagreement between the edition's dates and its summit dates; none when they agree. */
export function checkDateAgreement(dates: EditionDates): DateIssue[] {
  const summit = summitIssues(dates);
  if (summit.length) return summit;
  const { retreat, integrationWeek } = dates.settings;
  return [
    ...DAY_PAGES.flatMap((page) => dayWindowIssues(dates, page)),
    ...dashboardIssues(dates),
    // A summit without a retreat or an integration week has no dates of theirs to agree.
    ...(retreat
      ? afterSummitIssues(
          {
            name: 'The retreat',
            path: 'settings.retreat',
            startDate: retreat.startDate,
            endDates: [
              ['endDate', retreat.endDate],
              ['cardEndDate', retreat.cardEndDate],
            ],
          },
          dates.summitEndDate,
        )
      : []),
    ...(integrationWeek
      ? afterSummitIssues(
          {
            name: 'The integration week',
            path: 'settings.integrationWeek',
            startDate: integrationWeek.startDate,
            endDates: [['endDate', integrationWeek.endDate]],
          },
          dates.summitEndDate,
        )
      : []),
    ...notBeforeSummitIssues(dates),
  ];
}
