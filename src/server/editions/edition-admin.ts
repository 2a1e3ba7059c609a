/**
 * Managing editions in the admin: the list, one edition's data form (identity, dates, settings
 * document, timers and days, saved together), duplicating an edition into a new slug, and
 * deleting one (refused while it has registrants). Every change is validated by the edition
 * schemas of src/domain/edition.ts, written in one transaction with its audit entry, and
 * announced so every app process shows it on the next request.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  editionDaySchema,
  editionInputSchema,
  editionSettingsSchema,
  editionSlugSchema,
  pageTypeFor,
  timedPages,
  type Edition,
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
  type DuplicateValues,
  type EditionFormErrors,
  type EditionFormValues,
  type EditionSummary,
} from '../../domain/edition-form.ts';
import { accessModes, type AccessMode } from '../../domain/access/access-modes.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { readEdition } from './read-edition.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { editionDays, editions, registrants, speakers, timerConfigs, userSessions } from '../db/schema.ts';
import { insertEditionContent } from './edition-content.ts';
import { unchanged, writeContent, type WriteOutcome } from '../audit/content-write.ts';
import {
  checkedTimerSchema,
  DATES_ORDER_MESSAGE,
  isTimeZone,
  issueLines,
  readEditionDocument,
  RESERVED_SLUG_MESSAGE,
  RESERVED_SLUGS,
  TIMEZONE_MESSAGE,
} from './edition-transfer.ts';
import { plural } from '../../domain/wording.ts';

const ACCESS_MODE_MESSAGE = 'Choose who may open the day pages and the dashboard: open or registrants.';

function allFieldNames(): string[] {
  return [
    ...editionFieldNames.top,
    ...timedPages.map(editionFieldNames.timer),
    ...DAY_NUMBERS.flatMap((day) => DAY_FIELDS.map((field) => editionFieldNames.day(day, field))),
  ];
}

function addError(errors: EditionFormErrors, name: string, message: string): void {
  (errors[name] ??= []).push(message);
}

/** A JSON value for a textarea, with keys in the schema's order when it parses. */
function prettyJson(value: unknown, schema: { safeParse(value: unknown): { success: boolean; data?: unknown } }): string {
  const parsed = schema.safeParse(value);
  return JSON.stringify(parsed.success ? parsed.data : value, null, 2);
}

// ---------------------------------------------------------------------------------------------
// The list

export async function listEditionSummaries(db: Database): Promise<EditionSummary[]> {
  const [rows, speakerCounts, registrantCounts] = await Promise.all([
    db.select().from(editions).orderBy(asc(editions.position), asc(editions.id)),
    db.select({ editionId: speakers.editionId, n: count() }).from(speakers).groupBy(speakers.editionId),
    db.select({ editionId: registrants.editionId, n: count() }).from(registrants).groupBy(registrants.editionId),
  ]);
  const countFor = (counts: { editionId: number; n: number }[], id: number) => Number(counts.find((c) => c.editionId === id)?.n ?? 0);
  return rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    position: row.position,
    summitStartDate: row.summitStartDate,
    summitEndDate: row.summitEndDate,
    speakers: countFor(speakerCounts, row.id),
    registrants: countFor(registrantCounts, row.id),
  }));
}

async function countRegistrants(db: Pick<Database, 'select'>, editionId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(registrants).where(eq(registrants.editionId, editionId));
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// The edition form

export interface EditionEditor {
  edition: Edition;
  values: EditionFormValues;
  registrants: number;
  speakers: number;
}

/** The edition and its form values as stored, or null when there is no such edition. */
export async function loadEditionEditor(db: Database, slug: string): Promise<EditionEditor | null> {
  const edition = await readEdition(db, slug, { fresh: true });
  if (!edition) return null;
  const [timerRows, dayRows, registrantCount, [speakerRow]] = await Promise.all([
    db.select().from(timerConfigs).where(eq(timerConfigs.editionId, edition.id)),
    db.select().from(editionDays).where(eq(editionDays.editionId, edition.id)),
    countRegistrants(db, edition.id),
    db.select({ n: count() }).from(speakers).where(eq(speakers.editionId, edition.id)),
  ]);
  const values: EditionFormValues = {
    name: edition.name,
    summitStartDate: edition.summitStartDate,
    summitEndDate: edition.summitEndDate,
    timezone: edition.timezone,
    position: String(edition.position),
    accessMode: edition.accessMode,
    settings: prettyJson(edition.settings, editionSettingsSchema),
  };
  for (const page of timedPages) {
    const row = timerRows.find((timer) => timer.page === page);
    values[editionFieldNames.timer(page)] = row ? prettyJson(row.config, checkedTimerSchema) : '';
  }
  for (const day of DAY_NUMBERS) {
    const row = dayRows.find((d) => d.day === day);
    for (const field of DAY_FIELDS) values[editionFieldNames.day(day, field)] = row?.[field] ?? '';
  }
  return { edition, values, registrants: registrantCount, speakers: Number(speakerRow?.n ?? 0) };
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
      episodeTitle: field('episodeTitle'),
      episodeDuration: field('episodeDuration').trim() || null,
      episodeDescription: field('episodeDescription'),
      episodeEmbed: field('episodeEmbed').trim() || null,
    });
    if (parsed.success) days.push(parsed.data);
    else {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        const name = (DAY_FIELDS as readonly string[]).includes(key) ? editionFieldNames.day(day, key as DayField) : '';
        const message = issue.code === 'too_small' && (key === 'title' || key === 'episodeTitle') ? 'Enter a title.' : issue.message;
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

export type SaveEditionResult = { ok: true } | { ok: false; errors: EditionFormErrors };

/** Saves the edition form: the edition row, its timers and its days in one transaction. */
export async function saveEdition({
  handle,
  admin,
  slug,
  values,
}: {
  handle: DbHandle;
  admin: AdminUser;
  slug: string;
  values: EditionFormValues;
}): Promise<SaveEditionResult> {
  const parsed = parseEditionForm(values);
  if (!parsed.ok) return parsed;
  const { edition, timers, days } = parsed.changes;
  const saved = await writeContent(handle, admin, async (tx) => {
    const [row] = await tx
      .update(editions)
      .set({ ...edition, updatedAt: new Date() })
      .where(eq(editions.slug, slug))
      .returning({ id: editions.id });
    if (!row) return unchanged(false);
    for (const page of timedPages) {
      await tx
        .insert(timerConfigs)
        .values({ editionId: row.id, page, config: timers[page] })
        .onConflictDoUpdate({ target: [timerConfigs.editionId, timerConfigs.page], set: { config: timers[page] } });
    }
    for (const day of days) {
      const { day: _day, ...fields } = day;
      await tx
        .insert(editionDays)
        .values({ ...day, editionId: row.id })
        .onConflictDoUpdate({ target: [editionDays.editionId, editionDays.day], set: fields });
    }
    return {
      result: true,
      audit: {
        action: 'update',
        entityType: 'editions',
        entityId: row.id,
        summary: `Updated edition ${edition.name} (${slug})`,
        details: { slug, edition, timers, days },
      },
    };
  });
  if (!saved) return { ok: false, errors: { '': ['This edition no longer exists.'] } };
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Duplicate

export function readDuplicateForm(form: FormData): DuplicateValues {
  const get = (name: string) => {
    const raw = form.get(name);
    return typeof raw === 'string' ? raw.trim() : '';
  };
  return { source: get('source'), slug: get('slug'), name: get('name') };
}

export type DuplicateResult = { ok: true; slug: string } | { ok: false; errors: EditionFormErrors };

/** Copies an edition (data, timers, days and people; not registrants) into a new slug and name. */
export async function duplicateEdition(handle: DbHandle, admin: AdminUser, values: DuplicateValues): Promise<DuplicateResult> {
  const errors: EditionFormErrors = {};
  const slug = editionSlugSchema.safeParse(values.slug);
  if (!values.slug) addError(errors, 'slug', 'Enter a slug for the new edition, e.g. october.');
  else if (!slug.success) addError(errors, 'slug', slug.error.issues[0]?.message ?? 'Choose another slug.');
  else if (RESERVED_SLUGS.has(values.slug)) addError(errors, 'slug', RESERVED_SLUG_MESSAGE);
  else if (await readEdition(handle.db, values.slug, { fresh: true }))
    addError(errors, 'slug', `There is already an edition with the slug “${values.slug}”.`);
  if (!values.name) addError(errors, 'name', 'Enter a name for the new edition.');
  else if (values.name.length > 100) addError(errors, 'name', 'Use at most 100 characters.');
  const source = values.source ? await readEditionDocument(handle.db, values.source) : null;
  if (!source) addError(errors, 'source', 'Choose the edition to copy.');
  if (Object.keys(errors).length || !source) return { ok: false, errors };

  const created = await writeContent(handle, admin, async (tx) => {
    if ((await tx.select({ id: editions.id }).from(editions).where(eq(editions.slug, values.slug))).length) return unchanged(null);
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${editions.position}), -1)::int + 1` })
      .from(editions);
    const edition = editionInputSchema.parse({ ...source.edition, slug: values.slug, name: values.name, position: next });
    const [row] = await tx.insert(editions).values(edition).returning({ id: editions.id });
    await insertEditionContent(tx, row!.id, source);
    return {
      result: row!.id,
      audit: {
        action: 'create',
        entityType: 'editions',
        entityId: row!.id,
        summary: `Duplicated ${source.edition.name} (${source.edition.slug}) as ${values.name} (${values.slug})`,
        details: {
          source: source.edition.slug,
          slug: values.slug,
          name: values.name,
          speakers: source.speakers.length,
          hosts: source.hosts.length,
        },
      },
    };
  });
  if (created === null) return { ok: false, errors: { slug: [`There is already an edition with the slug “${values.slug}”.`] } };
  return { ok: true, slug: values.slug };
}

// ---------------------------------------------------------------------------------------------
// Delete

export type DeleteResult = { ok: true; name: string } | { ok: false; status: 404 | 409 | 422; message: string };

/**
 * Deletes an edition with its timers, days, people and visitor sessions. Refused while it has
 * registrants, and unless the slug is typed again to confirm.
 */
export async function deleteEdition({
  handle,
  admin,
  slug,
  confirmation,
}: {
  handle: DbHandle;
  admin: AdminUser;
  slug: string;
  confirmation: string;
}): Promise<DeleteResult> {
  return writeContent(handle, admin, async (tx): Promise<WriteOutcome<DeleteResult>> => {
    const [edition] = await tx.select().from(editions).where(eq(editions.slug, slug)).for('update');
    if (!edition) return unchanged({ ok: false, status: 404, message: 'This edition no longer exists.' });
    const registrantCount = await countRegistrants(tx, edition.id);
    if (registrantCount > 0) {
      return unchanged({
        ok: false,
        status: 409,
        message: `${edition.name} cannot be deleted while it has registrants (${plural(registrantCount, 'registrant')}). Their registrations would be lost.`,
      });
    }
    if (confirmation.trim() !== slug)
      return unchanged({ ok: false, status: 422, message: `Type the edition’s slug (${slug}) to confirm the deletion.` });
    await tx.delete(userSessions).where(
      inArray(
        userSessions.pageType,
        timedPages.map((page) => pageTypeFor(slug, page)),
      ),
    );
    // Timers, days and people go with the row (on delete cascade).
    await tx.delete(editions).where(eq(editions.id, edition.id));
    const { settings: _settings, ...identity } = edition;
    return {
      result: { ok: true, name: edition.name },
      audit: {
        action: 'delete',
        entityType: 'editions',
        entityId: edition.id,
        summary: `Deleted edition ${edition.name} (${slug})`,
        details: identity,
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Forms with files

export type AdminFormRead = { ok: true; form: FormData } | { ok: false; message: string };

/** Reads a posted form, refusing bodies larger than maxBytes before reading them. */
export async function readAdminForm(request: Request, maxBytes: number): Promise<AdminFormRead> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes + 64 * 1024) return { ok: false, message: `The upload is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.` };
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, message: 'The form could not be read. Please try again.' };
  }
}

/** A file field's text: the text, or a message (no file, too large, not UTF-8). */
export async function readUploadedText(
  form: FormData,
  name: string,
  maxBytes: number,
): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  const file = form.get(name);
  if (!(file instanceof File) || file.size === 0) return { ok: false, message: 'Choose a file to import.' };
  if (file.size > maxBytes) return { ok: false, message: `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.` };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer()) };
  } catch {
    return { ok: false, message: 'The file is not UTF-8 text. Save it as UTF-8 (in spreadsheets: “CSV UTF-8”) and try again.' };
  }
}
