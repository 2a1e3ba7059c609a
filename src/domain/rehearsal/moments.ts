/**
 * The summit's moments as a rehearsal walks them (decision 0077): when registration opens, each
 * day's opening and close, the summit's end. A live day is where its timer puts it; an evergreen
 * day is where it falls for someone who registers as registration opens (the summit's first
 * day, at midnight in the edition's zone); a day without a timer is its calendar day.
 */
import { dayWindowFor, type DayWindow } from '../mail/send-rules.ts';
import { zonedTimeToInstant } from '../timer.ts';

const DAY_MS = 24 * 3600_000;
/** A live summit's registrants sign up a week ahead, so "tomorrow we begin" has someone to go to. */
const LIVE_LEAD_MS = 7 * DAY_MS;

export interface SummitMoments {
  registrationOpens: number;
  days: { day: 1 | 2 | 3; start: number; end: number; timed: boolean }[];
  summitEnd: number;
}

export function summitMoments(
  edition: { summitStartDate: string; timezone: string },
  windows: readonly (DayWindow | null)[],
): SummitMoments {
  const firstMidnight = zonedTimeToInstant(`${edition.summitStartDate}T00:00`, edition.timezone);
  const live = windows.find((window): window is Extract<DayWindow, { mode: 'live' }> => window?.mode === 'live');
  const registrationOpens = live ? Math.min(live.start, firstMidnight) - LIVE_LEAD_MS : firstMidnight;
  const registered = new Date(registrationOpens);
  const days = ([1, 2, 3] as const).map((day) => {
    const window = windows[day - 1] ?? null;
    if (window) return { day, ...dayWindowFor(window, registered), timed: true };
    const start = firstMidnight + (day - 1) * DAY_MS;
    return { day, start, end: start + DAY_MS, timed: false };
  });
  return { registrationOpens, days, summitEnd: Math.max(...days.map((day) => day.end)) };
}

/**
 * The summit's days as one registrant lives them: an evergreen day counts from their own
 * registration (someone registering on day 2 still has a day 1 of their own); a live or untimed
 * day is everyone's.
 */
export function ownMoments(reference: SummitMoments, windows: readonly (DayWindow | null)[], registeredAt: number): SummitMoments {
  const days = reference.days.map((day) => {
    const window = windows[day.day - 1] ?? null;
    return window ? { ...day, ...dayWindowFor(window, new Date(registeredAt)) } : day;
  });
  return { registrationOpens: reference.registrationOpens, days, summitEnd: Math.max(...days.map((day) => day.end)) };
}

/** Which summit day a moment falls on, as the report groups it: "before", 1, 2, 3 or "after". */
export type DayGroup = 'before' | 1 | 2 | 3 | 'after';

export function dayGroupOf(at: number, moments: SummitMoments): DayGroup {
  if (at < moments.days[0]!.start) return 'before';
  const day = [...moments.days].reverse().find((candidate) => at >= candidate.start);
  if (at >= moments.summitEnd || !day) return 'after';
  return day.day;
}

export const DAY_GROUP_LABELS: Record<string, string> = {
  before: 'Before the summit',
  1: 'Day 1',
  2: 'Day 2',
  3: 'Day 3',
  after: 'After the summit',
};
