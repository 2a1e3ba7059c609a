/**
 * The outbound queue's one claim and its one way of settling a failure (docs/decisions/0072).
 * Every kind of outgoing job (an e-mail, a webhook delivery, a call to an e-mail list service) is
 * a row of a table with a status ('pending' until settled), its attempts and when it is next due.
 * Claiming locks the due rows with FOR UPDATE SKIP LOCKED and leases them (attempts + 1, due again
 * after the lease), so several processes on one Postgres never hold the same row at once and a
 * process killed mid-batch leaves its rows to be claimed again when the lease runs out
 * (docs/decisions/0021). Every time comes from the caller's clock (the test clock in tests).
 */
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { retryDelaySeconds } from '../../domain/retry-backoff.ts';
import type { Database } from '../db/client.ts';

/** Longer than the slowest batch takes to send; a crashed process's rows come back after it. */
export const LEASE_SECONDS = 120;

/** A table of jobs: the columns the claim and the settling read and write. */
export type JobTable = PgTable & { id: AnyPgColumn; status: AnyPgColumn; attempts: AnyPgColumn; nextAttemptAt: AnyPgColumn };

/** Where a kind's jobs are: its table, and what else a due row must meet (a delivery's endpoint switched on). */
export interface QueueRows {
  table: JobTable;
  alsoDue?: SQL;
}

/** What the queue knows of a claimed row: which one, and which attempt this is. */
export interface QueuedJob {
  id: number;
  attempts: number;
}

export const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/** Claims up to `limit` rows due at `now`, oldest due first, each leased to this caller. */
export async function claimDue<Job extends QueuedJob>(
  db: Database,
  rows: QueueRows,
  options: { now: Date; limit: number },
): Promise<Job[]> {
  const { table } = rows;
  const due = db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.status, 'pending'), lte(table.nextAttemptAt, options.now), rows.alsoDue))
    .orderBy(asc(table.nextAttemptAt), asc(table.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const lease = { attempts: sql`${table.attempts} + 1`, nextAttemptAt: later(options.now, LEASE_SECONDS) };
  const claimed = await db
    .update(table)
    .set(lease as never)
    .where(inArray(table.id, due))
    .returning();
  return claimed as unknown as Job[];
}

/** Only the holder of this attempt may settle the row: a row re-claimed after its lease ran out is not ours. */
export const heldBy = (table: JobTable, job: QueuedJob) =>
  and(eq(table.id, job.id), eq(table.attempts, job.attempts), eq(table.status, 'pending'));

/**
 * A failed attempt: the job waits the one backoff (domain/retry-backoff.ts, capped at the kind's
 * `capSeconds`) or, when its kind gives up on it, is marked failed. `also`: the kind's own columns
 * (the mail's last error).
 */
export async function settleRetry(
  db: Database,
  { table, job }: { table: JobTable; job: QueuedJob },
  retry: { now: Date; capSeconds: number; giveUp: boolean; also?: Record<string, unknown> },
): Promise<void> {
  const next = {
    status: retry.giveUp ? 'failed' : 'pending',
    nextAttemptAt: later(retry.now, retryDelaySeconds(job.attempts, retry.capSeconds)),
  };
  await db
    .update(table)
    .set({ ...retry.also, ...next } as never)
    .where(heldBy(table, job));
}
