/**
 * The admin's edition form as posted: its values as typed, then checked by the edition schemas of
 * src/domain/edition.ts into the changes to save, or messages under the fields they are about.
 */
import {
  editionDaySchema,
  editionInputSchema,
  editionSettingsSchema,
  timedPages,
  type EditionDay,
  type EditionSettings,
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
import { accessModes, type AccessMode } from '../../domain/access/access-modes.ts';
import { checkedTimerSchema, DATES_ORDER_MESSAGE, isTimeZone, issueLines, TIMEZONE_MESSAGE } from './edition-transfer.ts';

const ACCESS_MODE_MESSAGE = 'Choose who may open the day pages and the dashboard: open or registrants.';

function allFieldNames(): string[] {
  return [
    ...editionFieldNames.top,
    ...timedPages.map(editionFieldNames.timer),
    ...DAY_NUMBERS.flatMap((day) => DAY_FIELDS.map((field) => editionFieldNames.day(day, field))),
  ];
}

export function addError(errors: EditionFormErrors, name: string, message: string): void {
  (errors[name] ??= []).push(message);
}

/** What a submitted edition form holds, as typed. */
export function readEditionForm(form: FormData): EditionFormValues {
  const values: EditionFormValues = {};
  for (const name of allFieldNames()) {
    const raw = form.get(name);
    values[name] = typeof raw === 'string' ? raw : '';
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

/** Reads a JSON textarea: the value, or a message. */
function readJson(text: string, what: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (!text.trim()) return { ok: false, message: `Enter the ${what} as JSON.` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `This is not valid JSON: ${(error as Error).message}` };
  }
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
  if (!(accessModes as readonly string[]).includes(text('accessMode') || 'open')) addError(errors, 'accessMode', ACCESS_MODE_MESSAGE);
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

/** The settings document: each issue with its path. */
function readSettings(values: EditionFormValues, errors: EditionFormErrors): EditionSettings | null {
  const settingsJson = readJson(values.settings ?? '', 'settings');
  if (!settingsJson.ok) {
    addError(errors, 'settings', settingsJson.message);
    return null;
  }
  const parsed = editionSettingsSchema.safeParse(settingsJson.value);
  if (parsed.success) return parsed.data;
  for (const line of issueLines(parsed.error.issues)) addError(errors, 'settings', line);
  return null;
}

/** Each timed page's timer (a JSON field per page). */
function readTimers(values: EditionFormValues, errors: EditionFormErrors): Partial<Record<TimedPage, TimerConfig>> {
  const timers: Partial<Record<TimedPage, TimerConfig>> = {};
  for (const page of timedPages) {
    const name = editionFieldNames.timer(page);
    const json = readJson(values[name] ?? '', 'timer');
    if (!json.ok) {
      addError(errors, name, json.message);
      continue;
    }
    const parsed = checkedTimerSchema.safeParse(json.value);
    if (parsed.success) timers[page] = parsed.data;
    else for (const line of issueLines(parsed.error.issues)) addError(errors, name, line);
  }
  return timers;
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

/** Validates the edition form: the changes to save, or a list of messages per field. */
export function parseEditionForm(
  values: EditionFormValues,
): { ok: true; changes: EditionChanges } | { ok: false; errors: EditionFormErrors } {
  const errors: EditionFormErrors = {};
  // In the form's order, so the messages come out as they did when this was one function.
  const identity = readIdentity(values, errors);
  const settings = readSettings(values, errors);
  const timers = readTimers(values, errors);
  const days = readDays(values, errors);
  if (Object.keys(errors).length || !identity.success || !settings) return { ok: false, errors };
  return { ok: true, changes: { edition: { ...identity.data, settings }, timers: timers as Record<TimedPage, TimerConfig>, days } };
}
