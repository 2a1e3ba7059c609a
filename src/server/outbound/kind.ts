/**
 * A kind of outgoing job (docs/decisions/0072): its name, where its rows are and how they are
 * claimed (the queue's one claim over `rows`), how many a round claims and sends at once, and its
 * handler: a claimed batch opened once (what its jobs need, loaded together), then each job sent
 * and settled, and what is written for the whole batch when it closes. The kinds the site runs
 * are listed once, in src/server/outbound-kinds.ts.
 */
import type { Database } from '../db/client.ts';
import type { PerKeyLimit } from './lanes.ts';
import type { Claims, QueuedJob, QueueRows } from './queue.ts';

/** The figures a batch reports for the log (sent, skipped, delivered, ...). */
export type BatchCounts = Record<string, number>;

export interface OpenBatch<Job> {
  /** Sends one job and settles it, or keeps its outcome for `close`; never throws for a failed send. */
  send(job: Job): Promise<void>;
  /** Writes what is settled for the whole batch at once, and says what the batch did. */
  close(): Promise<BatchCounts>;
}

/**
 * A pace the kind keeps across every process (the mail's MAIL_RATE_PER_SECOND): it runs the claim
 * with how many it may claim now (at most `wanted`), and says how many that was.
 */
export interface KindPace {
  claim<Job>(
    db: Database,
    { now, wanted }: { now: Date; wanted: number },
    claim: (tx: Claims, allowed: number) => Promise<Job[]>,
  ): Promise<{ jobs: Job[]; allowed: number }>;
}

export interface OutboundKind<Job extends QueuedJob = QueuedJob> {
  readonly name: string;
  readonly rows: QueueRows;
  /** Rows claimed per round; a full batch makes the worker go on at once. */
  readonly batch: number;
  /** Jobs of one batch in flight at once; with `perKey`, jobs of the kind in flight at once. */
  readonly concurrency: number;
  /**
   * A cap per key (a delivery's endpoint: docs/decisions/0075): the kind then claims as jobs
   * finish, never waiting for a batch's slowest, so a key that never answers holds only its slots.
   */
  readonly perKey?: PerKeyLimit;
  /**
   * What a round does before claiming, unless it only drains after a full batch (the mail: schedule
   * what is due). A kind with `perKey` has none: its loop claims whenever a request ends.
   */
  readonly beforeClaim?: (db: Database, now: Date) => Promise<void>;
  readonly pace?: KindPace;
  open(db: Database, jobs: Job[], now: Date): Promise<OpenBatch<Job>>;
}
