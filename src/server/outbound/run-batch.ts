/**
 * One batch of one kind (docs/decisions/0072): claim what is due, open the batch, send its jobs
 * with at most the kind's concurrency, close it. The worker runs this for every kind each round;
 * the tests and the tools run it for one.
 */
import type { Database } from '../db/client.ts';
import type { BatchCounts, OutboundKind } from './kind.ts';
import { claimDue, type QueuedJob } from './queue.ts';

/** Runs `work` over `items` with at most `limit` at once. */
async function eachWithLimit<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * How many rows were claimed, and what the batch reported (null when nothing was due); `paced`: the
 * kind's pace let it claim fewer than were due, so more go when the pace allows.
 */
export interface BatchResult {
  claimed: number;
  counts: BatchCounts | null;
  paced?: boolean;
}

/** The rows of one batch, within the kind's pace when it keeps one. */
async function claimWithinPace<Job extends QueuedJob>(
  db: Database,
  kind: OutboundKind<Job>,
  now: Date,
): Promise<{ jobs: Job[]; paced: boolean }> {
  if (!kind.pace) return { jobs: await claimDue<Job>(db, kind.rows, { now, limit: kind.batch }), paced: false };
  const { jobs, allowed } = await kind.pace.claim(db, { now, wanted: kind.batch }, (tx, limit) =>
    claimDue<Job>(tx, kind.rows, { now, limit }),
  );
  return { jobs, paced: allowed < kind.batch && jobs.length === allowed };
}

export async function runBatch<Job extends QueuedJob>(db: Database, kind: OutboundKind<Job>, now: Date): Promise<BatchResult> {
  const { jobs, paced } = await claimWithinPace(db, kind, now);
  if (!jobs.length) return { claimed: 0, counts: null, ...(paced ? { paced } : {}) };
  const batch = await kind.open(db, jobs, now);
  await eachWithLimit(jobs, kind.concurrency, (job) => batch.send(job));
  return { claimed: jobs.length, counts: await batch.close(), ...(paced ? { paced } : {}) };
}
