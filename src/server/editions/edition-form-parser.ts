/**
 * The admin's edition form as posted: its values as typed, then checked by the edition schemas of
 * src/domain/edition.ts into the changes to save, or messages under the fields they are about.
 */
import {
  editionDaySchema,
  editionInputSchema,
  type Edition,
  type EditionDay,
  type TimedPage,
  type TimerConfig,
} from '../../domain/edition.ts';
import {
  DAY_FIELDS,
  DAY_NUMBERS,
  editionFieldNames,
  type DayField,
  type EditionFormErrors,
  type EditionFormValues,
} from '../../domain/edition-form.ts';
import { ACCESS_MODE_MESSAGE, isAccessMode, type AccessMode } from '../../domain/access/access-modes.ts';
import type { EditionSettings } from '../../domain/edition-settings/schema.ts';
import { checkDateAgreement } from '../../domain/edition-dates/date-agreement.ts';
import { readSettingsForm } from '../../domain/settings-form/settings-values.ts';
import { readTimerForm } from '../../domain/settings-form/timer-values.ts';
import { DATES_ORDER_MESSAGE, isTimeZone, TIMEZONE_MESSAGE } from './edition-transfer.ts';

/** The most fields an edition form may post (its settings lists included). */
const MAX_FIELDS = 2000;

function isEditionField(name: string): boolean {
  return (editionFieldNames.top as readonly string[]).includes(name) || /^(settings|timers|days)\./.test(name);
}

export function addError(errors: EditionFormErrors, name: string, message: string): void {
  (errors[name] ??= []).push(message);
}

/** What a submitted edition form holds, as typed (a box left unticked is absent, read as ""). */
export function readEditionForm(form: FormData): EditionFormValues {
  const values: EditionFormValues = {};
  for (const name of editionFieldNames.top) values[name] = '';
  for (const day of DAY_NUMBERS) for (const field of DAY_FIELDS) values[editionFieldNames.day(day, field)] = '';
  for (const [name, raw] of form.entries()) {
    if (Object.keys(values).length >= MAX_FIELDS) break;
    if (typeof raw === 'string' && isEditionField(name)) values[name] = raw;
  }
  return values;
}

export interface EditionChanges {
  edition: {
    name: string;
    position: number;
    summitStartDate: string;
    summitEndDate: string;
    timezone: string;
    accessMode: AccessMode;
    settings: EditionSettings;
  };
  timers: Record<TimedPage, TimerConfig>;
  days: EditionDay[];
}

/** Identity and dates, with plain messages for what the form can get wrong. */
function readIdentity(values: EditionFormValues, errors: EditionFormErrors) {
  const text = (name: string) => (values[name] ?? '').trim();
  if (!text('name')) addError(errors, 'name', 'Enter the edition’s name.');
  for (const name of ['summitStartDate', 'summitEndDate']) {
    if (!text(name)) addError(errors, name, 'Enter a date.');
  }
  if (!text('timezone')) addError(errors, 'timezone', 'Enter a time zone.');
  else if (!isTimeZone(text('timezone'))) addError(errors, 'timezone', TIMEZONE_MESSAGE);
  if (!/^\d{1,9}$/.test(text('position'))) addError(errors, 'position', 'Enter a whole number, 0 or more.');
  const identity = editionInputSchema.omit({ slug: true, settings: true }).safeParse({
    name: text('name'),
    position: Number(text('position')),
    summitStartDate: text('summitStartDate'),
    summitEndDate: text('summitEndDate'),
    timezone: text('timezone'),
    accessMode: text('accessMode') || 'open',
  });
  if (!isAccessMode(text('accessMode') || 'open')) addError(errors, 'accessMode', ACCESS_MODE_MESSAGE);
  if (!identity.success) {
    for (const issue of identity.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (!errors[name])
        addError(errors, name, name === 'summitStartDate' || name === 'summitEndDate' ? 'Use a date such as 2025-08-12.' : issue.message);
    }
  }
  const start = text('summitStartDate');
  const end = text('summitEndDate');
  if (!errors.summitStartDate && !errors.summitEndDate && end < start) addError(errors, 'summitEndDate', DATES_ORDER_MESSAGE);
  return identity;
}

/** The three days' fields, each message under the field it is about. */
function readDays(values: EditionFormValues, errors: EditionFormErrors): EditionDay[] {
  const days: EditionDay[] = [];
  for (const day of DAY_NUMBERS) {
    const field = (f: DayField) => values[editionFieldNames.day(day, f)] ?? '';
    const parsed = editionDaySchema.safeParse({
      day,
      title: field('title'),
      subtitle: field('subtitle'),
      playerLength: field('playerLength'),
    });
    if (parsed.success) days.push(parsed.data);
    else {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        const name = (DAY_FIELDS as readonly string[]).includes(key) ? editionFieldNames.day(day, key as DayField) : '';
        const message = issue.code === 'too_small' && key === 'title' ? 'Enter a title.' : issue.message;
        addError(errors, name, message);
      }
    }
  }
  return days;
}

/** The stored edition a form is read against: its settings (what the form does not show is kept) and its dates. */
export type StoredEdition = Pick<Edition, 'settings' | 'summitStartDate' | 'summitEndDate' | 'timezone'>;

/** The summit dates and time zone to read the windows and instants in: as typed when they are valid, else as stored. */
function datesToReadIn(values: EditionFormValues, stored: StoredEdition, errors: EditionFormErrors) {
  const typed = (name: string) => (values[name] ?? '').trim();
  const datesOk = !errors.summitStartDate && !errors.summitEndDate;
  return {
    summit: datesOk
      ? { summitStartDate: typed('summitStartDate'), summitEndDate: typed('summitEndDate') }
      : { summitStartDate: stored.summitStartDate, summitEndDate: stored.summitEndDate },
    timeZone: errors.timezone ? stored.timezone : typed('timezone'),
  };
}

/** The settings and day windows, then whether their dates agree with the summit's, each message under its field. */
function readSettingsAndWindows(values: EditionFormValues, stored: StoredEdition, errors: EditionFormErrors) {
  const { summit, timeZone } = datesToReadIn(values, stored, errors);
  const settings = readSettingsForm(values, { base: stored.settings, timeZone });
  const links = settings.ok ? settings.settings.links : stored.settings.links;
  const timers = readTimerForm(values, { summit, timeZone, links });
  if (!settings.ok) Object.assign(errors, settings.errors);
  if (!timers.ok) Object.assign(errors, timers.errors);
  if (!settings.ok || !timers.ok || errors.summitStartDate || errors.summitEndDate || errors.timezone) return null;
  for (const issue of checkDateAgreement({ ...summit, timezone: timeZone, settings: settings.settings, timers: timers.timers })) {
    addError(errors, issue.path === 'settings.registrationClosesAt' ? 'settings.registrationClosesAt.at' : issue.path, issue.message);
  }
  return { settings: settings.settings, timers: timers.timers };
}

/** Validates the edition form against the stored edition: the changes to save, or a list of messages per field. */
export function parseEditionForm(
  values: EditionFormValues,
  stored: StoredEdition,
): { ok: true; changes: EditionChanges } | { ok: false; errors: EditionFormErrors } {
  const errors: EditionFormErrors = {};
  // In the form's order, so the messages come out in the order of the fields.
  const identity = readIdentity(values, errors);
  const read = readSettingsAndWindows(values, stored, errors);
  const days = readDays(values, errors);
  if (Object.keys(errors).length || !identity.success || !read) return { ok: false, errors };
  return { ok: true, changes: { edition: { ...identity.data, settings: read.settings }, timers: read.timers, days } };
}
