/**
 * Registrants imported from a CSV file as a background job (docs/decisions/0062, 0076), for
 * Admin → Registrants → Import and POST /api/v1/registrants/import. startImport refuses a file
 * whole before anything is written (import-read.ts), claims the edition's one running import
 * (import-jobs.ts) and returns while the job commits the file a slice at a time, each slice in a
 * transaction of its own with the job's progress, pausing between slices so the site's requests
 * are served (on the embedded database a transaction holds its one connection). When the process
 * dies mid-import the committed slices stay and the job reads as stopped; importing the same file
 * again skips what is in. At the end, in one transaction: the import's registrants.imported per
 * edition (unless each row was its own event), the audit line and the report.
 */
import fsp from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_SLICE_ROWS, nextSliceRows } from '../../domain/registrants/import-limits.ts';
import type { ImportReport } from '../../domain/registrants/import-report.ts';
import { plural } from '../../domain/wording.ts';
import { recordSystemAudit } from '../audit/audit-log.ts';
import type { Database } from '../db/client.ts';
import { linkOrigin } from '../http/request-origin.ts';
import { log } from '../log.ts';
import { wakeOutbound } from '../outbound/wake.ts';
import { recordEvents, type RecordedEvent } from '../webhooks/record-event.ts';
import { decideBatch, writeBatch, type ImportEdition } from './import-batch.ts';
import { claimImport, failImport, finishImport, recordProgress } from './import-jobs.ts';
import {
  checkShape,
  dryRunImport,
  finishReport,
  newReadRun,
  noteDecided,
  readSlices,
  type ImportRequest,
  type ReadRun,
  type Slice,
} from './import-read.ts';

export type { ImportRequest } from './import-read.ts';

/** The pause after each committed slice: the requests that queued for the database meanwhile go first. */
const SLICE_PAUSE_MS = 10;

export interface StartedImport {
  id: number;
  /** The file's rows after the header. */
  rows: number;
  /** The report when the job is done; rejects when it failed (the job's row says why). */
  finished: Promise<ImportReport>;
}

interface JobRun extends ReadRun {
  id: number;
  /** Per edition: its registrants added and changed, for its registrants.imported. */
  touched: Map<number, { edition: ImportEdition; added: number; updated: number }>;
}

/** Starts the import in the background; an ImportRefusal (400, 409, 413, 422) when the file is refused whole or the edition busy. */
export async function startImport(request: ImportRequest & { lockKey?: string }): Promise<StartedImport> {
  const rows = await checkShape(request.file);
  const id = await claimImport(request.db, {
    lockKey: request.lockKey ?? request.defaultEdition ?? '*',
    actor: request.actor,
    sendEmail: request.sendEmail,
    eachRow: request.eachRow ?? false,
    rowsTotal: rows,
  });
  // The job's own name for the file: the request that staged it may remove its name when it answers.
  const file = `${request.file}.import-${id}`;
  await fsp.link(request.file, file).catch(async (error: unknown) => {
    await failImport(request.db, id, error instanceof Error ? error.message : String(error));
    throw error;
  });
  const run: JobRun = { ...newReadRun({ ...request, file, dryRun: false }), id, touched: new Map() };
  const finished = runJob(run).finally(() => fsp.rm(file, { force: true }));
  // Whoever awaits it sees the failure; nobody awaiting it is not an unhandled rejection.
  finished.catch(() => undefined);
  return { id, rows, finished };
}

/** The import, or its dry run, answered when done (tests, the bench, and small files). */
export async function importRegistrants(request: ImportRequest): Promise<ImportReport> {
  if (request.dryRun) return dryRunImport(request);
  return (await startImport(request)).finished;
}

async function runJob(run: JobRun): Promise<ImportReport> {
  const { db } = run.request;
  let sliceRows = IMPORT_SLICE_ROWS;
  const onSlice = async ({ accepted, throughRow }: Slice) => {
    const started = performance.now();
    await db.transaction(async (tx) => {
      const decided = await decideBatch(tx, accepted);
      run.report.emailsQueued += await writeBatch(tx, decided, {
        now: run.request.now,
        sendEmail: run.request.sendEmail,
        eachRow: run.request.eachRow ?? false,
        importId: run.id,
      });
      noteDecided(run, decided);
      countTouched(run, decided);
      await recordProgress(tx, run.id, { report: run.report, throughRow });
    });
    // The next slice sized to hold the database for about IMPORT_SLICE_TARGET_MS, whatever the machine.
    sliceRows = nextSliceRows(sliceRows, performance.now() - started);
    await sleep(SLICE_PAUSE_MS);
  };
  try {
    await readSlices(run, onSlice, () => sliceRows);
    const report = finishReport(run);
    const deliveries = await db.transaction((tx) => closeJob(tx, run, report));
    if (report.emailsQueued || deliveries) wakeOutbound();
    return report;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error({ importId: run.id, err: error }, 'registrant import failed');
    await failImport(db, run.id, message).catch(() => undefined);
    throw error;
  }
}

function countTouched(run: JobRun, decided: Parameters<typeof noteDecided>[1]): void {
  for (const row of decided) {
    if (row.outcome !== 'added' && row.outcome !== 'updated') continue;
    const entry = run.touched.get(row.edition.id) ?? { edition: row.edition, added: 0, updated: 0 };
    entry[row.outcome] += 1;
    run.touched.set(row.edition.id, entry);
  }
}

/** The API's listing of one edition's registrants of this import. */
export const importRegistrantsUrl = (importId: number, editionSlug: string) =>
  `${linkOrigin()}/api/v1/registrants?import=${importId}&edition=${encodeURIComponent(editionSlug)}`;

async function closeJob(tx: Database, run: JobRun, report: ImportReport): Promise<number> {
  let deliveries = 0;
  if (!run.request.eachRow) {
    const events: RecordedEvent<'registrants.imported'>[] = [...run.touched.values()].map(({ edition, added, updated }) => ({
      type: 'registrants.imported',
      editionId: edition.id,
      now: run.request.now,
      data: {
        importId: run.id,
        editionSlug: edition.slug,
        count: added + updated,
        added,
        updated,
        registrants: importRegistrantsUrl(run.id, edition.slug),
      },
    }));
    deliveries = await recordEvents(tx, events);
  }
  if (report.added || report.updated) {
    await recordSystemAudit(tx, run.request.actor, {
      action: 'create',
      entityType: 'registrants',
      entityId: null,
      summary: `Imported registrants: ${report.added} added, ${report.updated} updated, ${plural(report.refused, 'row')} refused`,
      details: {
        importId: run.id,
        rows: report.rows,
        added: report.added,
        updated: report.updated,
        unchanged: report.unchanged,
        refused: report.refused,
        emailsQueued: report.emailsQueued,
      },
    });
  }
  await finishImport(tx, run.id, report);
  return deliveries;
}
