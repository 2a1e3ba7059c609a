/**
 * The day windows form: each timed page's window as a mode (live dates or an evergreen length),
 * live windows picked as wall-clock times in the edition's time zone or following the summit
 * dates, and the page it leads to chosen from a list. Read back into timer configs (the one
 * timer schema of src/domain/edition.ts), each message under its control.
 */
import { timedPages, timerConfigSchema, type TimedPage, type TimerConfig } from '../edition.ts';
import type { EditionFormErrors, EditionFormValues } from '../edition-form.ts';
import { DAY_PAGES, deriveDayWindow, dayNumberOf, followsSummit, type DayPage, type SummitDates } from '../edition-dates/day-windows.ts';
import { LOCAL_DATE_TIME } from '../edition-dates/zoned-time.ts';
import { toMinute } from '../edition-dates/calendar-days.ts';

export const TIMED_PAGE_LABELS: Record<TimedPage, string> = { day1: 'Day 1', day2: 'Day 2', day3: 'Day 3', dashboard: 'Dashboard' };

/** Where a page may lead when its window closes; relative targets stay within the edition's pages. */
export const REDIRECT_CHOICES = [
  { value: 'day-1', label: 'The Day 1 page' },
  { value: 'day-2', label: 'The Day 2 page' },
  { value: 'day-3', label: 'The Day 3 page' },
  { value: 'dashboard', label: 'The dashboard' },
  { value: 'course', label: 'The course page (Links)' },
  { value: 'main-site', label: 'The main site (Links)' },
  { value: 'other', label: 'Another address (below)' },
] as const;
type RedirectChoice = (typeof REDIRECT_CHOICES)[number]['value'];
const PAGE_TARGETS: readonly string[] = ['day-1', 'day-2', 'day-3', 'dashboard'];

export const timerName = (page: TimedPage, field: string) => `timers.${page}.${field}`;
const isDayPage = (page: TimedPage): page is DayPage => (DAY_PAGES as readonly string[]).includes(page);

export interface TimerFormContext {
  summit: SummitDates;
  timeZone: string;
  links: { courseUrl: string; mainSiteUrl: string };
}

const DAY = 86400;
const DEFAULT_SECONDS: Record<TimedPage, number> = { day1: DAY, day2: DAY, day3: DAY, dashboard: 30 * DAY };

function redirectChoiceOf(url: string, links: TimerFormContext['links']): RedirectChoice {
  if (PAGE_TARGETS.includes(url)) return url as RedirectChoice;
  if (url && url === links.courseUrl) return 'course';
  if (url && url === links.mainSiteUrl) return 'main-site';
  return 'other';
}

/** One page's timer as form values (a missing one shows as the summit's day, 24 hours, or 30 days for the dashboard). */
function pageValues(page: TimedPage, timer: TimerConfig | undefined, context: TimerFormContext): EditionFormValues {
  const derived = isDayPage(page) ? deriveDayWindow(context.summit, dayNumberOf(page)) : null;
  const seconds = timer?.mode === 'evergreen' ? timer.durationSeconds : DEFAULT_SECONDS[page];
  const redirectUrl = timer?.redirectUrl ?? '';
  const choice = redirectChoiceOf(redirectUrl, context.links);
  const values: Record<string, string> = {
    mode: timer?.mode ?? 'evergreen',
    eventStartDate: timer?.mode === 'live' ? toMinute(timer.eventStartDate) : (derived?.eventStartDate ?? ''),
    eventEndDate: timer?.mode === 'live' ? toMinute(timer.eventEndDate) : (derived?.eventEndDate ?? ''),
    durationDays: String(Math.floor(seconds / DAY)),
    durationHours: String(Math.floor((seconds % DAY) / 3600)),
    durationMinutes: String(Math.floor((seconds % 3600) / 60)),
    redirect: choice,
    redirectUrl: choice === 'other' ? redirectUrl : '',
  };
  if (isDayPage(page)) values.follows = !timer || timer.mode !== 'live' || followsSummit(timer, context.summit, page) ? 'on' : '';
  return Object.fromEntries(Object.entries(values).map(([field, value]) => [timerName(page, field), value]));
}

export function timerFormValues(timers: Partial<Record<TimedPage, TimerConfig>>, context: TimerFormContext): EditionFormValues {
  return Object.assign({}, ...timedPages.map((page) => pageValues(page, timers[page], context)));
}

function addError(errors: EditionFormErrors, name: string, message: string): void {
  (errors[name] ??= []).push(message);
}

/** One timed page's part of the posted form, read with the summit and links it refers to. */
interface PageReading {
  page: TimedPage;
  values: EditionFormValues;
  context: TimerFormContext;
  errors: EditionFormErrors;
}

function readRedirect({ page, values, context, errors }: PageReading): string {
  const choice = values[timerName(page, 'redirect')] ?? '';
  if (PAGE_TARGETS.includes(choice)) return choice;
  const fromLinks = choice === 'course' ? context.links.courseUrl : choice === 'main-site' ? context.links.mainSiteUrl : null;
  if (fromLinks !== null) {
    if (!fromLinks.trim())
      addError(errors, timerName(page, 'redirect'), 'That address is empty under Links: enter it there, or choose another target.');
    return fromLinks.trim();
  }
  if (choice !== 'other') addError(errors, timerName(page, 'redirect'), 'Choose where the page leads when its window closes.');
  const url = (values[timerName(page, 'redirectUrl')] ?? '').trim();
  if (choice === 'other' && !url) addError(errors, timerName(page, 'redirectUrl'), 'Enter the address to send visitors to.');
  return url;
}

function readLength(page: TimedPage, values: EditionFormValues, errors: EditionFormErrors): number {
  const parts = (['durationDays', 'durationHours', 'durationMinutes'] as const).map(
    (field) => (values[timerName(page, field)] ?? '').trim() || '0',
  );
  if (!parts.every((part) => /^\d{1,4}$/.test(part))) {
    addError(errors, timerName(page, 'durationDays'), 'Enter whole numbers of days, hours and minutes.');
    return 0;
  }
  const [days, hours, minutes] = parts.map(Number) as [number, number, number];
  const seconds = days * DAY + hours * 3600 + minutes * 60;
  if (seconds <= 0) addError(errors, timerName(page, 'durationDays'), 'Give the window a length: days, hours or minutes.');
  return seconds;
}

function readWindow({ page, values, context, errors }: PageReading) {
  if (isDayPage(page) && values[timerName(page, 'follows')]) return deriveDayWindow(context.summit, dayNumberOf(page));
  const window = { eventStartDate: '', eventEndDate: '' };
  for (const field of ['eventStartDate', 'eventEndDate'] as const) {
    const text = (values[timerName(page, field)] ?? '').trim();
    if (LOCAL_DATE_TIME.test(text)) window[field] = toMinute(text);
    else addError(errors, timerName(page, field), 'Pick a date and time.');
  }
  return window;
}

/** The posted day windows read into timer configs, or messages by field name. */
export function readTimerForm(
  values: EditionFormValues,
  context: TimerFormContext,
): { ok: true; timers: Record<TimedPage, TimerConfig> } | { ok: false; errors: EditionFormErrors } {
  const errors: EditionFormErrors = {};
  const timers: Partial<Record<TimedPage, TimerConfig>> = {};
  for (const page of timedPages) {
    const mode = values[timerName(page, 'mode')];
    const reading: PageReading = { page, values, context, errors };
    const redirectUrl = readRedirect(reading);
    const raw =
      mode === 'live'
        ? { mode, ...readWindow(reading), timezone: context.timeZone, redirectUrl }
        : mode === 'evergreen'
          ? { mode, durationSeconds: readLength(page, values, errors), redirectUrl }
          : null;
    if (!raw) {
      addError(errors, timerName(page, 'mode'), 'Choose live dates or an evergreen length.');
      continue;
    }
    const parsed = timerConfigSchema.safeParse(raw);
    if (parsed.success) timers[page] = parsed.data;
    else if (!Object.keys(errors).some((name) => name.startsWith(`timers.${page}.`))) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'mode');
        const name = field === 'durationSeconds' ? 'durationDays' : field === 'redirectUrl' ? 'redirect' : field;
        addError(errors, timerName(page, name), field === 'durationSeconds' ? 'The longest window is 366 days.' : issue.message);
      }
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, timers: timers as Record<TimedPage, TimerConfig> };
}
