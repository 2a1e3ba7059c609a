/**
 * What the admin's edition pages read: the list of editions with their counts, and one edition
 * with its form values as stored.
 */
import { asc, count, eq } from 'drizzle-orm';
import { timedPages, type Edition, type TimedPage, type TimerConfig } from '../../domain/edition.ts';
import { settingsFormValues } from '../../domain/settings-form/settings-values.ts';
import { timerFormValues } from '../../domain/settings-form/timer-values.ts';
import { DAY_FIELDS, DAY_NUMBERS, editionFieldNames, type EditionFormValues, type EditionSummary } from '../../domain/edition-form.ts';
import { readEdition } from './read-edition.ts';
import type { Database } from '../db/client.ts';
import { editionDays, editions, registrants, speakers, timerConfigs } from '../db/schema.ts';
import { findHomeEdition } from './home-edition.ts';
import { storedSettingsProblems } from './stored-settings.ts';
import { appNow } from '../clock.ts';
import { nextRemovalOf } from '../retention/retention-job.ts';

export async function listEditionSummaries(db: Database): Promise<EditionSummary[]> {
  const [rows, speakerCounts, registrantCounts, home] = await Promise.all([
    db.select().from(editions).orderBy(asc(editions.position), asc(editions.id)),
    db.select({ editionId: speakers.editionId, n: count() }).from(speakers).groupBy(speakers.editionId),
    db.select({ editionId: registrants.editionId, n: count() }).from(registrants).groupBy(registrants.editionId),
    findHomeEdition(db),
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
    onHomePage: home?.id === row.id,
  }));
}

/** Everyone registered in the edition (also inside a transaction). */
export async function countRegistrants(db: Pick<Database, 'select'>, editionId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(registrants).where(eq(registrants.editionId, editionId));
  return Number(row?.n ?? 0);
}

export interface EditionEditor {
  edition: Edition;
  values: EditionFormValues;
  registrants: number;
  speakers: number;
  /** What could not be read of the stored settings (stored-settings.ts). */
  settingsProblems: string[];
  /** What the edition's retention removes next and when (src/server/retention/). */
  nextRemoval: string;
}

/** The edition and its form values as stored, or null when there is no such edition. */
export async function loadEditionEditor(db: Database, slug: string): Promise<EditionEditor | null> {
  const edition = await readEdition(db, slug, { fresh: true });
  if (!edition) return null;
  const [timerRows, dayRows, registrantCount, [speakerRow], settingsProblems, nextRemoval] = await Promise.all([
    db.select().from(timerConfigs).where(eq(timerConfigs.editionId, edition.id)),
    db.select().from(editionDays).where(eq(editionDays.editionId, edition.id)),
    countRegistrants(db, edition.id),
    db.select({ n: count() }).from(speakers).where(eq(speakers.editionId, edition.id)),
    storedSettingsProblems(db, edition.id),
    nextRemovalOf(db, edition.id, appNow()),
  ]);
  const timers: Partial<Record<TimedPage, TimerConfig>> = {};
  for (const page of timedPages) {
    const row = timerRows.find((timer) => timer.page === page);
    if (row) timers[page] = row.config;
  }
  const values: EditionFormValues = {
    name: edition.name,
    summitStartDate: edition.summitStartDate,
    summitEndDate: edition.summitEndDate,
    timezone: edition.timezone,
    position: String(edition.position),
    accessMode: edition.accessMode,
    ...settingsFormValues(edition.settings, edition.timezone),
    ...timerFormValues(timers, { summit: edition, timeZone: edition.timezone, links: edition.settings.links }),
  };
  for (const day of DAY_NUMBERS) {
    const row = dayRows.find((d) => d.day === day);
    for (const field of DAY_FIELDS) values[editionFieldNames.day(day, field)] = row?.[field] ?? '';
  }
  return { edition, values, registrants: registrantCount, speakers: Number(speakerRow?.n ?? 0), settingsProblems, nextRemoval };
}
