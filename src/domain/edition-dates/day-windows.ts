/**
 * The one source of a live edition's day windows: the summit dates. Day N opens at midnight of
 * the summit's Nth day and closes at the next midnight, in the edition's time zone (a summit of
 * fewer than three days gives its last day to the remaining day pages). A window the host set
 * by hand is kept as it is; a window equal to the derived one "follows the summit", so moving
 * the summit dates moves it.
 */
import type { TimerConfig } from '../edition.ts';
import { addDays, toMinute } from './calendar-days.ts';
import { formatDayRange } from '../dates.ts';

export const DAY_PAGES = ['day1', 'day2', 'day3'] as const;
export type DayPage = (typeof DAY_PAGES)[number];

export interface SummitDates {
  summitStartDate: string;
  summitEndDate: string;
}

export interface DayWindow {
  eventStartDate: string;
  eventEndDate: string;
}

/** Day `day` (1-3) of the summit as a window of local date-times. */
export function deriveDayWindow(summit: SummitDates, day: number): DayWindow {
  const nth = addDays(summit.summitStartDate, day - 1);
  const date = nth > summit.summitEndDate && summit.summitEndDate >= summit.summitStartDate ? summit.summitEndDate : nth;
  return { eventStartDate: `${date}T00:00`, eventEndDate: `${addDays(date, 1)}T00:00` };
}

export function dayNumberOf(page: DayPage): number {
  return DAY_PAGES.indexOf(page) + 1;
}

/** Whether a day page's timer is the window its summit dates give (evergreen timers have no dates to follow). */
export function followsSummit(timer: TimerConfig, summit: SummitDates, page: DayPage): boolean {
  if (timer.mode !== 'live') return false;
  const derived = deriveDayWindow(summit, dayNumberOf(page));
  return toMinute(timer.eventStartDate) === derived.eventStartDate && toMinute(timer.eventEndDate) === derived.eventEndDate;
}

/**
 * The fixed integration schedule's dates: an entry's own date text, or, when it has none, the
 * integration week's first day plus the entry's place (the first entry is the week's first day),
 * as "July 21". So a schedule with empty dates follows the integration week.
 */
export function scheduleDates<T extends { date: string }>(entries: T[], integrationWeekStart: string): T[] {
  return entries.map((entry, index) =>
    entry.date ? entry : { ...entry, date: formatDayRange(addDays(integrationWeekStart, index), addDays(integrationWeekStart, index)) },
  );
}
