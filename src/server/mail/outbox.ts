/**
 * The mail outbox: every e-mail is a row (queued in the caller's transaction, or by the
 * scheduler), and a worker delivers them. Claiming uses FOR UPDATE SKIP LOCKED and a lease, so
 * several app processes on one Postgres never hold the same row at once; a process killed
 * mid-batch leaves its rows to be claimed again when the lease runs out. Each copy is marked
 * sent right after the SMTP server accepts it (docs/decisions/0021-mail-outbox-as-job-queue.md
 * says what that guarantees). Failures retry with backoff. Every time comes from the caller's
 * clock (the test clock in tests), never the database's.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { composeBatch, type OutboxRow } from './compose.ts';
import { groupCommit } from './group-commit.ts';
import type { MailTransport, OutgoingMail } from './transport.ts';

/** Longer than the slowest batch takes to send; a crashed process's rows come back after it. */
export const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 8;
export const MAIL_BATCH = 100;
/** Sends in flight at once per process (the SMTP pool's connections share them). */
const SEND_CONCURRENCY = 8;

/**
 * Queues one e-mail, due at `now` on the caller's clock. Never the database's now(): it has
 * microseconds where the worker's clock has milliseconds, so a message queued and claimed within
 * the same millisecond would not yet be due.
 */
export async function queueMail(
  db: Database,
  mail: Pick<OutgoingMail, 'to' | 'subject' | 'text' | 'html'>,
  now: Date = new Date(),
): Promise<void> {
  await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, nextAttemptAt: now });
}

/** 30 s, 1 min, 2 min … capped at 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

async function claimDue(db: Database, now: Date): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(MAIL_BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: later(now, LEASE_SECONDS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Only the holder of this attempt may settle the row: a row re-claimed after its lease ran out is not ours. */
const heldBy = (row: OutboxRow) => and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), eq(mailOutbox.status, 'pending'));

async function settleFailure({ db, row, error, now }: { db: Database; row: OutboxRow; error: unknown; now: Date }): Promise<void> {
  const giveUp = row.attempts >= MAX_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
      nextAttemptAt: later(now, retryDelaySeconds(row.attempts)),
    })
    .where(heldBy(row));
}

/** Runs `work` over `items` with at most `limit` at once. */
async function eachWithLimit<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Delivers up to one batch of what is due at `now`. Returns how many rows it claimed (a full
 * batch means more may be waiting), sent and skipped.
 */
export async function deliverDueMail({
  db,
  transport,
  from,
  options = {},
}: {
  db: Database;
  transport: MailTransport;
  from: string;
  options?: { now?: Date; siteUrl?: string };
}): Promise<{ claimed: number; sent: number; skipped: number }> {
  const now = options.now ?? new Date();
  const claimed = await claimDue(db, now);
  if (!claimed.length) return { claimed: 0, sent: 0, skipped: 0 };
  const composed = await composeBatch({ db, rows: claimed, siteUrl: options.siteUrl ?? 'http://localhost', now });
  let sent = 0;
  let skipped = 0;
  const sentMarks = groupCommit(async (ids) => {
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, lastError: null })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
  });
  await eachWithLimit(claimed, SEND_CONCURRENCY, async (row) => {
    const outcome = composed.get(row.id);
    if (!outcome || outcome.kind === 'skip') {
      await db
        .update(mailOutbox)
        .set({ status: 'skipped', lastError: outcome?.reason ?? 'Not composed' })
        .where(heldBy(row));
      skipped += 1;
      return;
    }
    try {
      await transport.send(outcome.mail, from);
    } catch (error) {
      await settleFailure({ db, row, error, now });
      return;
    }
    // The window between the server's acceptance and this mark is the one a crash can
    // duplicate a message in; the stable Message-ID lets the receiving side recognise it.
    await sentMarks.mark(row.id);
    sent += 1;
  });
  return { claimed: claimed.length, sent, skipped };
}
