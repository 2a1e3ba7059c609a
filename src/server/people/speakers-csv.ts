/**
 * An edition's speakers as CSV: the fields of docs/PRODUCT.md "Content entities" flattened (freebie.title is
 * freebieTitle, …), one speaker per row in display order. Exported cells that a spreadsheet
 * would run as a formula get a leading apostrophe, which the import removes again, so an
 * exported file imports back to the same speakers.
 *
 * The import checks the header and every row through speakerInputSchema before it writes
 * anything; one bad row imports nothing. It replaces the edition's speakers or adds to them,
 * in one transaction with one audit entry.
 */
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { speakerInputSchema, type Speaker } from '../../domain/entities.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { readEdition } from '../editions/read-edition.ts';
import { listSpeakers } from './people-queries.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { speakers } from '../db/schema.ts';
import { writeContent } from '../audit/content-write.ts';
import { spreadsheetCsv, unprotectCell } from '../csv/spreadsheet-csv.ts';
import { capProblems, plural } from '../../domain/wording.ts';

export const SPEAKER_CSV_COLUMNS = [
  'firstName',
  'lastName',
  'pronouns',
  'image',
  'headshot',
  'websiteUrl',
  'modalities',
  'topic',
  'bio',
  'day',
  'episodeDuration',
  'helloAudioEmbedId',
  'shortDescription',
  'implementationWeek',
  'implementationWeekTopic',
  'implementationWeekDescription',
  'integrationSessionLink',
  'freebieTitle',
  'freebieDescription',
  'freebieImage',
  'freebieDownloadUrl',
] as const;
type Column = (typeof SPEAKER_CSV_COLUMNS)[number];

const FREEBIE_COLUMNS = {
  freebieTitle: 'title',
  freebieDescription: 'description',
  freebieImage: 'image',
  freebieDownloadUrl: 'downloadUrl',
} as const;

export const MAX_CSV_BYTES = 2 * 1024 * 1024;
export const MAX_CSV_ROWS = 2000;
export type SpeakerImportMode = 'replace' | 'add';

// ---------------------------------------------------------------------------------------------
// Export

function speakerCells(speaker: Speaker): Record<Column, string> {
  const text = (value: string | null | undefined) => value ?? '';
  const freebie = speaker.freebie;
  return {
    firstName: text(speaker.firstName),
    lastName: text(speaker.lastName),
    pronouns: text(speaker.pronouns),
    image: text(speaker.image),
    headshot: text(speaker.headshot),
    websiteUrl: text(speaker.websiteUrl),
    modalities: text(speaker.modalities),
    topic: text(speaker.topic),
    bio: text(speaker.bio),
    day: String(speaker.day),
    episodeDuration: text(speaker.episodeDuration),
    helloAudioEmbedId: text(speaker.helloAudioEmbedId),
    shortDescription: text(speaker.shortDescription),
    implementationWeek: speaker.implementationWeek ? 'true' : 'false',
    implementationWeekTopic: text(speaker.implementationWeekTopic),
    implementationWeekDescription: text(speaker.implementationWeekDescription),
    integrationSessionLink: text(speaker.integrationSessionLink),
    freebieTitle: text(freebie?.title),
    freebieDescription: text(freebie?.description),
    freebieImage: text(freebie?.image),
    freebieDownloadUrl: text(freebie?.downloadUrl),
  };
}

/** The speakers as CSV text (UTF-8 with a byte-order mark, so spreadsheets read accents right). */
export function speakersToCsv(list: Speaker[]): string {
  return spreadsheetCsv(SPEAKER_CSV_COLUMNS, list.map(speakerCells));
}

/** The edition's speakers CSV, or null when there is no such edition. */
export async function exportSpeakersCsv(db: Database, slug: string): Promise<string | null> {
  const edition = await readEdition(db, slug, { fresh: true });
  if (!edition) return null;
  return speakersToCsv(await listSpeakers(db, edition.id));
}

export function speakersFileName(slug: string): string {
  return `${slug}-speakers.csv`;
}

// ---------------------------------------------------------------------------------------------
// Import

type ParsedSpeaker = ReturnType<typeof speakerInputSchema.parse>;
export type ParseCsvResult = { ok: true; speakers: ParsedSpeaker[] } | { ok: false; problems: string[] };

const BOOLEANS: Record<string, boolean> = { true: true, yes: true, '1': true, false: false, no: false, '0': false, '': false };
const BOOLEAN_MESSAGE = 'Use true or false (yes/no and 1/0 work too).';

/** The column a schema path is reported under: freebie.title is freebieTitle. */
function columnForPath(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (first === 'freebie' && second) {
    const column = Object.entries(FREEBIE_COLUMNS).find(([, key]) => key === second)?.[0];
    if (column) return column;
  }
  return path.map(String).join('.');
}

type CsvRecord = { record: string[]; info: { records: number; empty_lines: number } };

/** The file's records, each with where it is in the file, or why the file cannot be read. */
function readRecords(text: string): { records: CsvRecord[] } | { problem: string } {
  if (Buffer.byteLength(text, 'utf8') > MAX_CSV_BYTES) return { problem: `The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB.` };
  try {
    // With info, each record comes with where it is in the file.
    return {
      records: parse(text, {
        bom: true,
        trim: true,
        skip_empty_lines: true,
        relax_column_count: true,
        info: true,
      }) as unknown as CsvRecord[],
    };
  } catch (error) {
    return { problem: `The file is not valid CSV: ${(error as Error).message}` };
  }
}

/** The header: every column once, none unknown (names match whatever their case). Problems are [] when it holds. */
function readHeader(names: string[]): { header: (Column | null)[]; problems: string[] } {
  const canonical = new Map(SPEAKER_CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));
  const header = names.map((name) => canonical.get(name.trim().toLowerCase()) ?? null);
  const problems: string[] = [];
  const unknown = names.filter((_, index) => header[index] === null);
  if (unknown.length)
    problems.push(`Unknown ${unknown.length === 1 ? 'column' : 'columns'}: ${unknown.map((name) => name || '(empty)').join(', ')}.`);
  const duplicated = SPEAKER_CSV_COLUMNS.filter((column) => header.filter((name) => name === column).length > 1);
  if (duplicated.length)
    problems.push(`${duplicated.length === 1 ? 'This column appears' : 'These columns appear'} more than once: ${duplicated.join(', ')}.`);
  const missing = SPEAKER_CSV_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length) problems.push(`Missing ${missing.length === 1 ? 'column' : 'columns'}: ${missing.join(', ')}.`);
  if (problems.length)
    problems.push(`The first row must name these ${SPEAKER_CSV_COLUMNS.length} columns: ${SPEAKER_CSV_COLUMNS.join(',')}`);
  return { header, problems };
}

/** A row's cells as the speaker schema's input; the implementationWeek flag is undefined when it does not read as a yes or no. */
function speakerCandidate(cells: Record<Column, string>): { candidate: unknown; flag: boolean | undefined } {
  const flag = BOOLEANS[cells.implementationWeek.trim().toLowerCase()];
  const dayText = cells.day.trim();
  const freebieValues = Object.fromEntries(Object.entries(FREEBIE_COLUMNS).map(([column, key]) => [key, cells[column as Column]]));
  const candidate = {
    firstName: cells.firstName,
    lastName: cells.lastName,
    pronouns: cells.pronouns,
    image: cells.image,
    headshot: cells.headshot,
    websiteUrl: cells.websiteUrl,
    modalities: cells.modalities,
    topic: cells.topic,
    bio: cells.bio,
    // A number when it reads as one; otherwise the text, which the schema refuses with its message.
    day: /^-?\d+(\.\d+)?$/.test(dayText) ? Number(dayText) : dayText || undefined,
    episodeDuration: cells.episodeDuration,
    helloAudioEmbedId: cells.helloAudioEmbedId,
    shortDescription: cells.shortDescription,
    implementationWeek: flag ?? false,
    implementationWeekTopic: cells.implementationWeekTopic,
    implementationWeekDescription: cells.implementationWeekDescription,
    integrationSessionLink: cells.integrationSessionLink,
    freebie: Object.values(freebieValues).some((value) => value.trim()) ? freebieValues : null,
  };
  return { candidate, flag };
}

/** One data row: its speaker, or its problems (labelled with the row number a spreadsheet shows). */
function parseRow({ record, info }: CsvRecord, header: Column[]): { speaker: ParsedSpeaker } | { problems: string[] } {
  // As a spreadsheet numbers it: the header is row 1, blank rows count.
  const label = `Row ${info.records + info.empty_lines}`;
  if (record.length !== header.length)
    return { problems: [`${label}: it has ${plural(record.length, 'cell')}; the header has ${header.length}.`] };
  const cells = {} as Record<Column, string>;
  header.forEach((column, index) => {
    cells[column] = unprotectCell(record[index] ?? '');
  });
  const { candidate, flag } = speakerCandidate(cells);
  const problems = flag === undefined ? [`${label}, implementationWeek: ${BOOLEAN_MESSAGE}`] : [];
  const parsed = speakerInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnForPath(issue.path);
      problems.push(column ? `${label}, ${column}: ${issue.message}` : `${label}: ${issue.message}`);
    }
  }
  return parsed.success && !problems.length ? { speaker: parsed.data } : { problems };
}

/** Reads and validates a speakers CSV: every speaker, or every problem found. */
export function parseSpeakersCsv(text: string): ParseCsvResult {
  const read = readRecords(text);
  if ('problem' in read) return { ok: false, problems: [read.problem] };
  const [headerRecord, ...rows] = read.records;
  if (!headerRecord) return { ok: false, problems: ['The file is empty. The first row must name the columns.'] };
  const { header, problems } = readHeader(headerRecord.record);
  if (problems.length) return { ok: false, problems };
  if (rows.length === 0) return { ok: false, problems: ['The file has no speakers: it holds only the header row.'] };
  if (rows.length > MAX_CSV_ROWS)
    return {
      ok: false,
      problems: [
        `The file has ${rows.length.toLocaleString('en-US')} speakers; at most ${MAX_CSV_ROWS.toLocaleString('en-US')} can be imported at once.`,
      ],
    };

  const parsedSpeakers: ParsedSpeaker[] = [];
  for (const row of rows) {
    // The header holds every column once (readHeader), so no entry is null here.
    const result = parseRow(row, header as Column[]);
    if ('speaker' in result) parsedSpeakers.push(result.speaker);
    else problems.push(...result.problems);
  }
  if (problems.length) return { ok: false, problems: capProblems(problems) };
  return { ok: true, speakers: parsedSpeakers };
}

export type SpeakersImportResult = { ok: true; count: number; message: string } | { ok: false; problems: string[] };

export function readImportMode(value: FormDataEntryValue | null): SpeakerImportMode | null {
  return value === 'replace' || value === 'add' ? value : null;
}

/** Imports a speakers CSV into an edition: all rows or, when any row is wrong, none. */
export async function importSpeakersCsv({
  handle,
  admin,
  slug,
  text,
  mode,
}: {
  handle: DbHandle;
  admin: AdminUser;
  slug: string;
  text: string;
  mode: SpeakerImportMode;
}): Promise<SpeakersImportResult> {
  const parsed = parseSpeakersCsv(text);
  if (!parsed.ok) return parsed;
  const edition = await readEdition(handle.db, slug, { fresh: true });
  if (!edition) return { ok: false, problems: ['This edition no longer exists.'] };
  const count = parsed.speakers.length;
  const summary = `Imported ${plural(count, 'speaker')} into ${edition.name}`;

  const replaced = await writeContent(handle, admin, async (tx) => {
    let start = 0;
    let removed = 0;
    if (mode === 'replace') {
      removed = (await tx.delete(speakers).where(eq(speakers.editionId, edition.id)).returning({ id: speakers.id })).length;
    } else {
      const [row] = await tx
        .select({ next: sql<number>`coalesce(max(${speakers.position}), -1)::int + 1` })
        .from(speakers)
        .where(eq(speakers.editionId, edition.id));
      start = Number(row?.next ?? 0);
    }
    await tx
      .insert(speakers)
      .values(parsed.speakers.map((speaker, index) => ({ ...speaker, editionId: edition.id, position: start + index })));
    return {
      result: removed,
      audit: {
        action: 'import',
        entityType: 'speakers',
        entityId: edition.id,
        summary,
        details: { edition: edition.slug, mode, imported: count, replaced: removed },
      },
    };
  });
  const message =
    mode === 'replace' ? `${summary}, replacing the ${plural(replaced, 'speaker')} it had.` : `${summary}, after its existing speakers.`;
  return { ok: true, count, message };
}
