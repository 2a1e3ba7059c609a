/**
 * Registrants imported from a CSV file (docs/decisions/0062), for Admin → Registrants → Import and
 * POST /api/v1/registrants/import. The staged file (import-upload.ts) is read as a stream by
 * csv-parse, a batch of rows at a time (import-batch.ts), so memory holds one batch and the
 * addresses already seen, whatever the file's length. The dry run only reads; the import does the
 * same in one transaction, so a file refused whole (not CSV, too many rows) leaves nothing behind,
 * and refused rows are skipped as the dry run showed. Importing the same file again finds every
 * row unchanged and writes nothing.
 */
import fs from 'node:fs';
import { CsvError, parse } from 'csv-parse';
import { IMPORT_BATCH_ROWS, MAX_IMPORT_ROW_BYTES, MAX_IMPORT_ROWS } from '../../domain/registrants/import-limits.ts';
import { emptyReport, noteRow, type ImportReport } from '../../domain/registrants/import-report.ts';
import { readImportHeader, readImportRow, type ImportHeader } from '../../domain/registrants/import-row.ts';
import { plural } from '../../domain/wording.ts';
import { recordSystemAudit } from '../audit/audit-log.ts';
import type { Database } from '../db/client.ts';
import { readEdition } from '../editions/read-edition.ts';
import { wakeOutbound } from '../outbound/wake.ts';
import { consentWordingOf, decideBatch, writeBatch, type ImportEdition, type ReadRow } from './import-batch.ts';
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
  now: Date;
  /** Who the audit log names. */
  actor: string;
}

interface Run {
  request: ImportRequest;
  db: Database;
  report: ImportReport;
  editions: Map<string, ImportEdition | null>;
  /** `${editionId}:${email}` → the row it was first on: a second row for the address is refused. */
  seen: Map<string, number>;
}

export async function importRegistrants(request: ImportRequest): Promise<ImportReport> {
  const run = (db: Database): Promise<ImportReport> =>
    readRows({ request, db, report: emptyReport(request.dryRun), editions: new Map(), seen: new Map() });
  if (request.dryRun) return run(request.db);
  const report = await request.db.transaction(async (tx) => {
    const done = await run(tx);
    if (done.added || done.updated) {
      await recordSystemAudit(tx, request.actor, {
        action: 'create',
        entityType: 'registrants',
        entityId: null,
        summary: `Imported registrants: ${done.added} added, ${done.updated} updated, ${plural(done.refused, 'row')} refused`,
        details: {
          rows: done.rows,
          added: done.added,
          updated: done.updated,
          unchanged: done.unchanged,
          refused: done.refused,
          emailsQueued: done.emailsQueued,
        },
      });
    }
    return done;
  });
  if (report.emailsQueued) wakeOutbound();
  return report;
}

const csvRows = (file: string) =>
  fs
    .createReadStream(file)
    .pipe(
      parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, max_record_size: MAX_IMPORT_ROW_BYTES }),
    );

const notCsv = (error: CsvError) =>
  new ImportRefusal(400, `The file is not CSV the import can read (${error.message}). Nothing was imported.`);

/**
 * A first pass that only parses: a file that is not CSV or has too many rows is refused before the
 * database is asked anything (parsing 100,000 rows from the disk takes a fraction of a second).
 */
async function checkShape(file: string): Promise<void> {
  const parser = csvRows(file);
  let rows = -1;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      void record;
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
}

async function readRows(run: Run): Promise<ImportReport> {
  await checkShape(run.request.file);
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
      if (batch.length >= IMPORT_BATCH_ROWS) {
        await handleBatch(run, { header, batch });
        batch = [];
      }
    }
  } catch (error) {
    parser.destroy();
    throw error instanceof CsvError ? notCsv(error) : error;
  }
  if (!header)
    throw new ImportRefusal(422, 'The file is empty: its first row names the columns (email, name, …), one registrant a row after it.');
  if (batch.length) await handleBatch(run, { header, batch });
  // A batch notes its refused rows as it reads them, its others after matching them: listed in file order.
  run.report.listed.sort((a, b) => a.row - b.row);
  return run.report;
}

async function editionFor(run: Run, slug: string): Promise<ImportEdition | null> {
  if (!run.editions.has(slug)) {
    const edition = await readEdition(run.db, slug, { fresh: true });
    run.editions.set(
      slug,
      edition ? { id: edition.id, slug: edition.slug, consentWording: consentWordingOf(edition.settings.texts.consentTopics) } : null,
    );
  }
  return run.editions.get(slug) ?? null;
}

/** The row as the import will take it, or the reason it is refused (noted in the report). */
async function readOne(
  run: Run,
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

async function handleBatch(run: Run, { header, batch }: { header: ImportHeader; batch: { number: number; cells: string[] }[] }) {
  const accepted: ReadRow[] = [];
  for (const item of batch) {
    const read = await readOne(run, { header, ...item });
    if (read) accepted.push(read);
  }
  const decided = await decideBatch(run.db, accepted);
  if (!run.request.dryRun) run.report.emailsQueued += await writeBatch(run.db, decided, run.request);
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
