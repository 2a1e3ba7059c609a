/**
 * A whole edition as one versioned JSON document: exported from the admin, imported into the
 * same or another installation (edition-import.ts). The document holds the edition's identity,
 * dates, settings, timers, days, people, episodes and e-mail sequence in display order, and no
 * database ids or timestamps, so an export imported again exports byte for byte the same. An
 * episode's audio file is named by its path; the edition archive (edition-archive.ts) carries
 * the files beside the document.
 */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { editionDaySchema, editionInputSchema, timedPages, timerConfigSchema, type TimedPage } from '../../domain/edition.ts';
import { importedSettingsSchema } from '../../domain/edition-settings/read-settings.ts';
import {
  bonusBundleItemInputSchema,
  faqItemInputSchema,
  sponsorInputSchema,
  hostInputSchema,
  implementationSessionInputSchema,
  speakerInputSchema,
} from '../../domain/entities.ts';
import { readEdition } from './read-edition.ts';
import { listBonusBundle, listHosts, listImplementationSessions, listSpeakers } from '../people/people-queries.ts';
import type { Database } from '../db/client.ts';
import { editionDays, timerConfigs } from '../db/schema.ts';
import { log } from '../log.ts';
import { checkDateAgreement } from '../../domain/edition-dates/date-agreement.ts';
import { transferEpisodesSchema, transferMessagesSchema } from '../../domain/edition-transfer-parts.ts';
import { readTransferEpisodes } from './transfer-episodes.ts';
import { readTransferMessages } from './transfer-messages.ts';
import { listFaqItems, listSponsors } from '../site-content/site-content-queries.ts';

type EditionData = Pick<
  EditionDocument['edition'],
  'name' | 'position' | 'summitStartDate' | 'summitEndDate' | 'timezone' | 'accessMode' | 'settings'
>;

/** The edition's own columns besides its slug, in the document's order (export and import share it). */
export function editionData(edition: EditionData): EditionData {
  const { name, position, summitStartDate, summitEndDate, timezone, accessMode, settings } = edition;
  return { name, position, summitStartDate, summitEndDate, timezone, accessMode, settings };
}

export const EDITION_DOCUMENT_KIND = 'summit-edition';
/** 2 added the episodes and the e-mail sequence; a version 1 document imports and leaves both as they are. */
export const EDITION_DOCUMENT_VERSION = 2;
/** The largest edition document the import reads (the server refuses any request body over 4 MB). */
export const MAX_EDITION_DOCUMENT_BYTES = 3 * 1024 * 1024;
/** The most entries of one kind (speakers, hosts, …) a document may hold. */
const MAX_ENTRIES = 2000;

export const TIMEZONE_MESSAGE = 'Use an IANA time zone such as Australia/Sydney or America/New_York.';
export const DATES_ORDER_MESSAGE = 'The summit cannot end before it starts.';

export function isTimeZone(value: string): boolean {
  if (!value.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** "speakers[3].day" from a Zod issue path. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    return text ? `${text}.${String(key)}` : String(key);
  }, '');
}

/** "speakers[3].day: Choose day 1, 2 or 3." for each issue (just the message at the root). */
export function issueLines(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix: readonly PropertyKey[] = [],
): string[] {
  return issues.map((issue) => {
    const path = formatIssuePath([...prefix, ...issue.path]);
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

/** An edition of the document; its settings may be of an older version (upgraded on the way in). */
const documentEditionSchema = editionInputSchema.extend({ settings: importedSettingsSchema }).superRefine((edition, ctx) => {
  if (edition.summitEndDate < edition.summitStartDate)
    ctx.addIssue({ code: 'custom', path: ['summitEndDate'], message: DATES_ORDER_MESSAGE });
  if (!isTimeZone(edition.timezone)) ctx.addIssue({ code: 'custom', path: ['timezone'], message: TIMEZONE_MESSAGE });
});

/** A timer whose live time zone is one the server knows. */
export const checkedTimerSchema = timerConfigSchema.superRefine((timer, ctx) => {
  if (timer.mode === 'live' && !isTimeZone(timer.timezone)) ctx.addIssue({ code: 'custom', path: ['timezone'], message: TIMEZONE_MESSAGE });
});

const timersSchema = z.object(
  Object.fromEntries(timedPages.map((page) => [page, checkedTimerSchema])) as Record<TimedPage, typeof checkedTimerSchema>,
);

const daysSchema = z
  .array(editionDaySchema)
  .max(3)
  .superRefine((days, ctx) => {
    const seen = new Set<number>();
    days.forEach((day, index) => {
      if (seen.has(day.day)) ctx.addIssue({ code: 'custom', path: [index, 'day'], message: `Day ${day.day} appears more than once.` });
      seen.add(day.day);
    });
  });

/** A date-agreement path ("settings.retreat.startDate", "timers.day1.eventEndDate") as a document path. */
function documentPath(path: string): string[] {
  return path.startsWith('timers.') ? path.split('.') : ['edition', ...path.split('.')];
}

/** The whole-edition document; its key order is the order of the exported JSON. */
export const editionDocumentSchema = z
  .object({
    kind: z.literal(EDITION_DOCUMENT_KIND, `This is not a summit edition export (kind must be "${EDITION_DOCUMENT_KIND}").`),
    version: z.literal([1, EDITION_DOCUMENT_VERSION], `Only version 1 and ${EDITION_DOCUMENT_VERSION} edition documents can be imported.`),
    edition: documentEditionSchema,
    timers: timersSchema,
    days: daysSchema,
    speakers: z.array(speakerInputSchema).max(MAX_ENTRIES),
    hosts: z.array(hostInputSchema).max(MAX_ENTRIES),
    implementationSessions: z.array(implementationSessionInputSchema).max(MAX_ENTRIES),
    bonusBundle: z.array(bonusBundleItemInputSchema).max(MAX_ENTRIES),
    // Absent (written before they were an edition's): the import leaves the edition's own.
    sponsors: z.array(sponsorInputSchema).max(MAX_ENTRIES).optional(),
    faqItems: z.array(faqItemInputSchema).max(MAX_ENTRIES).optional(),
    // Absent (a version 1 document): the import leaves the edition's episodes and e-mails as they are.
    episodes: transferEpisodesSchema.optional(),
    messages: transferMessagesSchema.optional(),
  })
  .superRefine((document, ctx) => {
    // The same rule the edition form keeps: dates that disagree with the summit's are refused.
    if (!isTimeZone(document.edition.timezone)) return;
    for (const issue of checkDateAgreement({ ...document.edition, timers: document.timers }))
      ctx.addIssue({ code: 'custom', path: documentPath(issue.path), message: issue.message });
  });
export type EditionDocument = z.output<typeof editionDocumentSchema>;

/** Drops the columns a document does not carry. */
function withoutBookkeeping<T extends { id: number }>(row: T): Omit<T, 'id'> {
  const { id: _id, ...fields } = row;
  return fields;
}

/** The edition as a document, or null when there is no such edition. */
export async function readEditionDocument(db: Database, slug: string): Promise<EditionDocument | null> {
  const edition = await readEdition(db, slug, { fresh: true });
  if (!edition) return null;
  const [timerRows, dayRows, speakerRows, hostRows, sessionRows, bonusRows, episodeList, messageList] = await Promise.all([
    db.select().from(timerConfigs).where(eq(timerConfigs.editionId, edition.id)),
    db.select().from(editionDays).where(eq(editionDays.editionId, edition.id)).orderBy(asc(editionDays.day)),
    listSpeakers(db, edition.id),
    listHosts(db, edition.id),
    listImplementationSessions(db, edition.id),
    listBonusBundle(db, edition.id),
    readTransferEpisodes(db, edition.id),
    readTransferMessages(db, edition.id),
  ]);
  const [sponsorRows, faqRows] = await Promise.all([listSponsors(db, edition.id), listFaqItems(db, edition.id)]);
  const timers: Record<string, unknown> = {};
  for (const page of timedPages) {
    const row = timerRows.find((timer) => timer.page === page);
    if (row) timers[page] = row.config;
  }
  const raw = {
    kind: EDITION_DOCUMENT_KIND,
    version: EDITION_DOCUMENT_VERSION,
    edition: { slug: edition.slug, ...editionData(edition) },
    timers,
    days: dayRows.map(({ day, title, subtitle, playerLength }) => ({ day, title, subtitle, playerLength })),
    speakers: speakerRows.map(withoutBookkeeping),
    hosts: hostRows.map(withoutBookkeeping),
    implementationSessions: sessionRows.map(withoutBookkeeping),
    bonusBundle: bonusRows.map(withoutBookkeeping),
    sponsors: sponsorRows.map(withoutBookkeeping),
    faqItems: faqRows.map(withoutBookkeeping),
    episodes: episodeList,
    messages: messageList,
  };
  // Parsing puts every object's keys in schema order, whatever order jsonb keeps them in.
  const parsed = editionDocumentSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  log.warn({ slug, problems: issueLines(parsed.error.issues).slice(0, 20) }, 'edition export holds data its schemas refuse');
  return raw as unknown as EditionDocument;
}

export function serializeEditionDocument(document: EditionDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The export file's text, or null when there is no such edition. */
export async function exportEditionJson(db: Database, slug: string): Promise<string | null> {
  const document = await readEditionDocument(db, slug);
  return document ? serializeEditionDocument(document) : null;
}

export function editionFileName(slug: string): string {
  return `summit-edition-${slug}.json`;
}
