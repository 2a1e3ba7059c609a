/**
 * The rows of import_jobs (docs/decisions/0076): claiming an edition's import (one at a time), the
 * progress written with each committed slice, the end, and the job as its screens read it. Times
 * that tell a live job from a dead one are the database's own (now()), so a test's moved clock
 * cannot make a running import look stopped.
 */
import { and, eq, sql } from 'drizzle-orm';
import { IMPORT_STALE_SECONDS } from '../../domain/registrants/import-limits.ts';
import type { ImportReport } from '../../domain/registrants/import-report.ts';
import type { Database } from '../db/client.ts';
import { importJobs } from '../db/schema.ts';
import type { ImportJobStatus } from '../db/schema/imports.ts';
import { violatesUniqueIndex } from '../db/unique-violation.ts';
import { ImportRefusal } from './import-refusal.ts';

const ONE_RUNNING = 'import_jobs_one_running';
const silent = sql`${importJobs.heartbeatAt} < now() - make_interval(secs => ${IMPORT_STALE_SECONDS})`;

export interface ImportJobStart {
  lockKey: string;
  actor: string;
  sendEmail: boolean;
  eachRow: boolean;
  rowsTotal: number;
}

/** A new running job, or a 409 while another import of the same edition runs. */
export async function claimImport(db: Database, start: ImportJobStart): Promise<number> {
  // A job whose process died keeps status running: once silent long enough it is marked stopped and frees the edition.
  await db
    .update(importJobs)
    .set({ status: 'stopped', finishedAt: sql`now()` })
    .where(and(eq(importJobs.lockKey, start.lockKey), eq(importJobs.status, 'running'), silent));
  try {
    const [row] = await db.insert(importJobs).values(start).returning({ id: importJobs.id });
    return row!.id;
  } catch (error) {
    if (!violatesUniqueIndex(error, ONE_RUNNING)) throw error;
    throw new ImportRefusal(
      409,
      'Another import into this edition is running: wait until it is done (its progress is on the Import screen), then import this file.',
    );
  }
}

type Totals = Pick<ImportReport, 'rows' | 'added' | 'updated' | 'unchanged' | 'refused'>;

/** Written in the slice's own transaction: what it says was committed is exactly what is. */
export async function recordProgress(tx: Database, id: number, { report, throughRow }: { report: Totals; throughRow: number }) {
  await tx
    .update(importJobs)
    .set({
      rowsDone: report.rows,
      committedThroughRow: throughRow,
      added: report.added,
      updated: report.updated,
      unchanged: report.unchanged,
      refused: report.refused,
      heartbeatAt: sql`now()`,
    })
    .where(eq(importJobs.id, id));
}

export async function finishImport(tx: Database, id: number, report: ImportReport): Promise<void> {
  await tx
    .update(importJobs)
    .set({
      status: 'done',
      rowsDone: report.rows,
      added: report.added,
      updated: report.updated,
      unchanged: report.unchanged,
      refused: report.refused,
      report: { ...report },
      finishedAt: sql`now()`,
    })
    .where(eq(importJobs.id, id));
}

export async function failImport(db: Database, id: number, error: string): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: 'failed', error: error.slice(0, 500), finishedAt: sql`now()` })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'running')));
}

export interface ImportJobView {
  id: number;
  lockKey: string;
  status: ImportJobStatus;
  rowsTotal: number;
  rowsDone: number;
  committedThroughRow: number;
  added: number;
  updated: number;
  unchanged: number;
  refused: number;
  report: ImportReport | null;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

/** The job, with a running one that has been silent too long shown as stopped (its process died). */
export async function readImportJob(db: Database, id: number): Promise<ImportJobView | null> {
  const [row] = await db
    .select({
      id: importJobs.id,
      lockKey: importJobs.lockKey,
      status: importJobs.status,
      silent: sql<boolean>`${silent}`,
      rowsTotal: importJobs.rowsTotal,
      rowsDone: importJobs.rowsDone,
      committedThroughRow: importJobs.committedThroughRow,
      added: importJobs.added,
      updated: importJobs.updated,
      unchanged: importJobs.unchanged,
      refused: importJobs.refused,
      report: importJobs.report,
      error: importJobs.error,
      startedAt: importJobs.createdAt,
      finishedAt: importJobs.finishedAt,
    })
    .from(importJobs)
    .where(eq(importJobs.id, id));
  if (!row) return null;
  const { silent: quiet, report, ...job } = row;
  return {
    ...job,
    status: job.status === 'running' && quiet ? 'stopped' : job.status,
    report: (report as ImportReport | null) ?? null,
  };
}
