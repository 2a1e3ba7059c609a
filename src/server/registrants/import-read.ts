/**
 * Reading an import's CSV file (docs/decisions/0062, 0076), for Admin → Registrants → Import and
 * POST /api/v1/registrants/import. The staged file (import-upload.ts) is read as a stream by
 * csv-parse, a slice of rows at a time, so memory holds one slice and the addresses already seen,
 * whatever the file's length. checkShape refuses a file whole (not CSV, too many rows, no header)
 * before anything is written; readSlices then hands each slice, read and matched, to the dry run
 * (which only reports it) or to the import's job (import-run.ts, which commits it).
 */
import fs from 'node:fs';
import { CsvError, parse } from 'csv-parse';
import { IMPORT_SLICE_ROWS, MAX_IMPORT_ROW_BYTES, MAX_IMPORT_ROWS } from '../../domain/registrants/import-limits.ts';
import { emptyReport, noteRow, type ImportReport } from '../../domain/registrants/import-report.ts';
import { readImportHeader, readImportRow, type ImportHeader } from '../../domain/registrants/import-row.ts';
import type { Database } from '../db/client.ts';
import { readEdition } from '../editions/read-edition.ts';
import { consentWordingOf, decideBatch, type Decided, type ImportEdition, type ReadRow } from './import-batch.ts';
import { ImportRefusal } from './import-refusal.ts';

export interface ImportRequest {
  db: Database;
  /** The staged file (import-upload.ts). */
  file: string;
  /** The edition of rows whose edition cell is empty: the admin page's, or the API's `edition` query. */
  defaultEdition: string | null;
  /** A token of one edition imports into that edition only. */
  onlyEditionId: number | null;
  dryRun: boolean;
  sendEmail: boolean;
  /** Each row reported as its own event rather than the import's one registrants.imported (docs/decisions/0076). */
  eachRow?: boolean;
  now: Date;
  /** Who the audit log names. */
  actor: string;
}

export interface ReadRun {
  request: ImportRequest;
  report: ImportReport;
  editions: Map<string, ImportEdition | null>;
  /** `${editionId}:${email}` → the row it was first on: a second row for the address is refused. */
  seen: Map<string, number>;
}

export const newReadRun = (request: ImportRequest): ReadRun => ({
  request,
  report: emptyReport(request.dryRun),
  editions: new Map(),
  seen: new Map(),
});

/** One slice as read: its rows the import takes, and the file's last row it covers. */
export interface Slice {
  accepted: ReadRow[];
  throughRow: number;
}

/** Notes a slice's rows in the report once matched (and, for the import, written). */
export function noteDecided(run: ReadRun, decided: readonly Decided[]): void {
  for (const row of decided) {
    noteRow(run.report, {
      row: row.number,
      email: row.row.email,
      edition: row.edition.slug,
      outcome: row.outcome,
      changes: row.changes,
      reason: null,
    });
  }
}

/** The dry run: every slice matched against the registrants as they are, nothing written. */
export async function dryRunImport(request: ImportRequest): Promise<ImportReport> {
  await checkShape(request.file);
  const run = newReadRun({ ...request, dryRun: true });
  await readSlices(run, async ({ accepted }) => noteDecided(run, await decideBatch(request.db, accepted)));
  return finishReport(run);
}

/** The report's rows in file order (a slice notes its refused rows as it reads them, its others after matching them). */
export function finishReport(run: ReadRun): ImportReport {
  run.report.listed.sort((a, b) => a.row - b.row);
  return run.report;
}

const csvRows = (file: string) =>
  fs
    .createReadStream(file)
    .pipe(
      parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, max_record_size: MAX_IMPORT_ROW_BYTES }),
    );

const notCsv = (error: CsvError) =>
  new ImportRefusal(400, `The file is not CSV the import can read (${error.message}). Nothing was imported.`);

const EMPTY = 'The file is empty: its first row names the columns (email, name, …), one registrant a row after it.';

/**
 * A first pass that only parses: a file that is not CSV, has no header the import reads or has too
 * many rows is refused before the database is asked anything (parsing 100,000 rows from the disk
 * takes a fraction of a second). Returns the number of rows after the header.
 */
export async function checkShape(file: string): Promise<number> {
  const parser = csvRows(file);
  let rows = -1;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (rows === -1) {
        const read = readImportHeader(record);
        if (!read.ok) throw new ImportRefusal(422, read.message);
      }
      rows += 1;
      if (rows > MAX_IMPORT_ROWS) {
        throw new ImportRefusal(
          413,
          `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows: split it into smaller files and import each. Nothing was imported.`,
        );
      }
    }
  } catch (error) {
    parser.destroy();
    throw error instanceof CsvError ? notCsv(error) : error;
  }
  if (rows === -1) throw new ImportRefusal(422, EMPTY);
  return rows;
}

/**
 * Reads the file a slice at a time, each slice's rows read (refused ones noted) and handed to
 * `onSlice`; `sliceRows` says how many rows the next slice takes (the import sizes its slices by time).
 */
export async function readSlices(
  run: ReadRun,
  onSlice: (slice: Slice) => Promise<void>,
  sliceRows: () => number = () => IMPORT_SLICE_ROWS,
): Promise<void> {
  const parser = csvRows(run.request.file);
  let header: ImportHeader | null = null;
  let number = 1;
  let batch: { number: number; cells: string[] }[] = [];
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (!header) {
        const read = readImportHeader(cells);
        if (!read.ok) throw new ImportRefusal(422, read.message);
        header = read.header;
        continue;
      }
      number += 1;
      batch.push({ number, cells });
      if (batch.length >= sliceRows()) {
        await onSlice(await readSlice(run, { header, batch }));
        batch = [];
      }
    }
  } catch (error) {
    parser.destroy();
    throw error instanceof CsvError ? notCsv(error) : error;
  }
  if (!header) throw new ImportRefusal(422, EMPTY);
  if (batch.length) await onSlice(await readSlice(run, { header, batch }));
}

async function editionFor(run: ReadRun, slug: string): Promise<ImportEdition | null> {
  if (!run.editions.has(slug)) {
    const edition = await readEdition(run.request.db, slug, { fresh: true });
    run.editions.set(
      slug,
      edition ? { id: edition.id, slug: edition.slug, consentWording: consentWordingOf(edition.settings.texts.consentTopics) } : null,
    );
  }
  return run.editions.get(slug) ?? null;
}

/** The row as the import will take it, or the reason it is refused (noted in the report). */
async function readOne(
  run: ReadRun,
  { header, number, cells }: { header: ImportHeader; number: number; cells: string[] },
): Promise<ReadRow | null> {
  const refuse = (reason: string, email: string, edition: string): null => {
    noteRow(run.report, { row: number, email, edition, outcome: 'refused', changes: [], reason });
    return null;
  };
  const rawEmail = (header.email === undefined ? '' : (cells[header.email] ?? '')).slice(0, 120);
  const read = readImportRow(cells, { header, now: run.request.now });
  if (!read.ok) return refuse(read.reason, rawEmail, '');
  const slug = read.row.edition ?? run.request.defaultEdition;
  if (!slug) return refuse('No edition: fill the edition column with the edition’s slug.', read.row.email, '');
  const edition = await editionFor(run, slug);
  if (!edition) return refuse(`No edition has the slug “${slug.slice(0, 60)}”.`, read.row.email, slug.slice(0, 60));
  if (run.request.onlyEditionId !== null && edition.id !== run.request.onlyEditionId) {
    return refuse(`This token may not import into the edition “${slug}”.`, read.row.email, slug);
  }
  const key = `${edition.id}:${read.row.email}`;
  const earlier = run.seen.get(key);
  if (earlier !== undefined) return refuse(`The same address is on row ${earlier} for this edition.`, read.row.email, slug);
  run.seen.set(key, number);
  return { number, row: read.row, edition };
}

async function readSlice(
  run: ReadRun,
  { header, batch }: { header: ImportHeader; batch: { number: number; cells: string[] }[] },
): Promise<Slice> {
  const accepted: ReadRow[] = [];
  for (const item of batch) {
    const read = await readOne(run, { header, ...item });
    if (read) accepted.push(read);
  }
  return { accepted, throughRow: batch.at(-1)!.number };
}
