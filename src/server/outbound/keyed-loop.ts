/**
 * The loop of a kind capped per key (docs/decisions/0075): a delivery kind, whose key is the
 * endpoint. It holds at most the kind's concurrency in flight and at most the cap per endpoint,
 * and claims again as soon as any job finishes, not when its batch's slowest does: a receiver that
 * accepts the connection and never answers holds its own few slots for the request's timeout
 * (15 s), and every other endpoint's deliveries keep leaving meanwhile. A batch still closes once
 * (its successes written together) when its last job is done.
 */
import type { Database } from '../db/client.ts';
import { log } from '../log.ts';
import type { OutboundKind } from './kind.ts';
import type { PerKeyLimit } from './lanes.ts';
import { claimDue, type QueuedJob } from './queue.ts';
import { roundNow } from './round-now.ts';
import { serialRun, type SerialRun } from './serial-run.ts';

/** What this process holds of a kind: jobs in flight in all, and per key. */
class Held {
  total = 0;
  readonly perKey = new Map<number, number>();
  private readonly limit: PerKeyLimit;
  constructor(limit: PerKeyLimit) {
    this.limit = limit;
  }
  take(job: QueuedJob): void {
    const key = this.limit.keyOf(job);
    this.total += 1;
    this.perKey.set(key, (this.perKey.get(key) ?? 0) + 1);
  }
  release(job: QueuedJob): void {
    const key = this.limit.keyOf(job);
    this.total -= 1;
    const left = (this.perKey.get(key) ?? 1) - 1;
    if (left > 0) this.perKey.set(key, left);
    else this.perKey.delete(key);
  }
}

export function keyedLoop(db: Database, kind: OutboundKind, perKey: PerKeyLimit): SerialRun {
  const held = new Held(perKey);
  const batches = new Set<Promise<void>>();
  // Sends a claimed batch without the loop waiting for it; each finished job frees its slot and wakes the loop.
  const sendInBackground = async (jobs: QueuedJob[], now: Date): Promise<void> => {
    try {
      const batch = await kind.open(db, jobs, now).catch((error: unknown) => {
        // Nothing was sent: the rows come back when their lease runs out, and their slots now.
        for (const job of jobs) held.release(job);
        throw error;
      });
      await Promise.all(
        jobs.map((job) =>
          batch.send(job).finally(() => {
            held.release(job);
            loop.run();
          }),
        ),
      );
      const counts = await batch.close();
      log.info({ kind: kind.name, claimed: jobs.length, ...counts }, 'outbound batch done');
    } catch (error) {
      log.error({ err: error, kind: kind.name }, 'outbound batch failed');
    }
  };
  const loop = serialRun(kind.name, async () => {
    const room = Math.min(kind.batch, kind.concurrency - held.total);
    if (room <= 0) return false;
    const now = await roundNow(db);
    if (!now) return false;
    const jobs = await claimDue(db, kind.rows, { now, limit: room, keyed: { limit: perKey, held: held.perKey } });
    if (!jobs.length) return false;
    for (const job of jobs) held.take(job);
    const sending = sendInBackground(jobs, now).finally(() => batches.delete(sending));
    batches.add(sending);
    return jobs.length === room;
  });
  return {
    run: loop.run,
    async stop() {
      await loop.stop();
      await Promise.all(batches);
    },
  };
}
