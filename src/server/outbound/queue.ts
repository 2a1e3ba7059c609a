/**
 * The outbound queue's one claim and its one way of settling a failure (docs/decisions/0072).
 * Every kind of outgoing job (an e-mail, a webhook delivery, a call to an e-mail list service) is
 * a row of a table with a status ('pending' until settled), its attempts and when it is next due.
 * Claiming locks the due rows with FOR UPDATE SKIP LOCKED and leases them (attempts + 1, due again
 * after the lease), so several processes on one Postgres never hold the same row at once and a
 * process killed mid-batch leaves its rows to be claimed again when the lease runs out
 * (docs/decisions/0021). Every time comes from the caller's clock (the test clock in tests).
 */
import { and, asc, eq, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { retryDelaySeconds } from '../../domain/retry-backoff.ts';
import type { Database } from '../db/client.ts';
import type { PerKeyLimit } from './lanes.ts';

/** Longer than the slowest batch takes to send; a crashed process's rows come back after it. */
export const LEASE_SECONDS = 120;

/** A table of jobs: the columns the claim and the settling read and write. */
export type JobTable = PgTable & { id: AnyPgColumn; status: AnyPgColumn; attempts: AnyPgColumn; nextAttemptAt: AnyPgColumn };

/**
 * Where a kind's jobs are: its table, what else a due row must meet (a delivery's endpoint switched
 * on, the mail's transactional lane), and the column whose lowest value is claimed first
 * (docs/decisions/0075).
 */
export interface QueueRows {
  table: JobTable;
  alsoDue?: SQL;
  priority?: AnyPgColumn;
}

/** A kind's cap per key, with what this process already holds of each key. */
export interface KeyedClaim {
  limit: PerKeyLimit;
  held: ReadonlyMap<number, number>;
}

/** What a claim needs of the database: a connection, or a transaction (a claim at a kind's pace). */
export type Claims = Pick<Database, 'select' | 'update'>;

/** Due rows looked at per keyed claim: enough to fill a batch from the keys with room left. */
const KEYED_CANDIDATES = 1000;

/** What the queue knows of a claimed row: which one, and which attempt this is. */
export interface QueuedJob {
  id: number;
  attempts: number;
}

export const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/**
 * The rows of a keyed claim: among the oldest due rows of the keys not already full, at most as
 * many per key as it has room left (a window over a bounded set of candidates, so a backlog of one
 * key never costs a sort of the whole table).
 */
function withinKeyRoom(rows: QueueRows, dueNow: SQL | undefined, keyed: KeyedClaim): SQL {
  const { table } = rows;
  const { column, limit } = keyed.limit;
  const full = [...keyed.held].filter(([, held]) => held >= limit).map(([key]) => key);
  const held = keyed.held.size
    ? sql`case ${column} ${sql.join(
        [...keyed.held].map(([key, count]) => sql`when ${key} then ${count}`),
        sql` `,
      )} else 0 end`
    : sql`0`;
  const room = full.length ? and(dueNow, notInArray(column, full)) : dueNow;
  return sql`${table.id} in (select ranked.id from (
      select candidates.id, row_number() over (partition by candidates.key order by candidates.due, candidates.id) + candidates.held as n
      from (select ${table.id} as id, ${column} as key, ${table.nextAttemptAt} as due, ${held} as held
            from ${table} where ${room} order by ${table.nextAttemptAt}, ${table.id} limit ${KEYED_CANDIDATES}) candidates
    ) ranked where ranked.n <= ${limit})`;
}

/**
 * Claims up to `limit` rows due at `now`, lowest priority value first, then oldest due first, each
 * leased to this caller. `keyed`: at most the kind's cap per key, counting what is already held.
 */
export async function claimDue<Job extends QueuedJob>(
  db: Claims,
  rows: QueueRows,
  options: { now: Date; limit: number; keyed?: KeyedClaim },
): Promise<Job[]> {
  const { table } = rows;
  const dueNow = and(eq(table.status, 'pending'), lte(table.nextAttemptAt, options.now), rows.alsoDue);
  const order = [...(rows.priority ? [asc(rows.priority)] : []), asc(table.nextAttemptAt), asc(table.id)];
  const due = db
    .select({ id: table.id })
    .from(table)
    .where(options.keyed ? and(dueNow, withinKeyRoom(rows, dueNow, options.keyed)) : dueNow)
    .orderBy(...order)
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
