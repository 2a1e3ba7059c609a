/**
 * E-mail as a kind of the outbound queue (docs/decisions/0072): the rows of mail_outbox, claimed
 * by the queue's one claim. A batch is composed at once (compose.ts), then each copy is sent and
 * marked sent right after the SMTP server accepts it, the marks of copies accepted together written
 * in one statement (group-commit.ts; docs/decisions/0021 says what that guarantees). A failure
 * waits the queue's one backoff, up to an hour, and is given up after eight attempts. Before
 * claiming, a round that is not only draining schedules the edition messages now due. An e-mail an
 * event sent is claimed before any bulk copy, and has a lane of its own (docs/decisions/0075).
 */
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { Env } from '../env.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { log } from '../log.ts';
import type { OpenBatch, OutboundKind } from '../outbound/kind.ts';
import { TRANSACTIONAL } from '../outbound/lanes.ts';
import { heldBy, settleRetry, type QueueRows } from '../outbound/queue.ts';
import { composeBatch, type OutboxRow } from './compose.ts';
import { groupCommit } from './group-commit.ts';
import { scheduleDueMessages } from './scheduler.ts';
import { fileTransport, smtpTransport, type MailTransport } from './transport.ts';

export const MAIL_BATCH = 100;
/** Sends in flight at once per process (the SMTP pool's connections share them). */
const SEND_CONCURRENCY = 8;
const MAX_ATTEMPTS = 8;
/** Small: the lane holds a few confirmations at a time, and a full batch claims again at once. */
const TRANSACTIONAL_BATCH = 20;
/** The longest a failed e-mail waits before it is tried again. */
export const MAIL_RETRY_CAP_SECONDS = 3600;

/** Every e-mail, transactional first (docs/decisions/0075). */
const mailRows: QueueRows = { table: mailOutbox, priority: mailOutbox.priority };
/** The transactional lane only: a confirmation never waits for a bulk batch to be sent. */
const transactionalRows: QueueRows = { table: mailOutbox, alsoDue: eq(mailOutbox.priority, TRANSACTIONAL) };

export function mailTransportFor(config: Pick<Env, 'SMTP_URL' | 'dataDir'>): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : fileTransport(path.join(config.dataDir, 'outbox'));
}

interface MailSending {
  transport: MailTransport;
  from: string;
  siteUrl: string;
}

async function scheduleDue(db: Database, now: Date): Promise<void> {
  const queued = await scheduleDueMessages(db, now);
  if (queued > 0) log.info({ queued }, 'mail scheduled');
}

async function openMailBatch(
  sending: MailSending,
  { db, rows, now }: { db: Database; rows: OutboxRow[]; now: Date },
): Promise<OpenBatch<OutboxRow>> {
  const composed = await composeBatch({ db, rows, siteUrl: sending.siteUrl, now });
  let sent = 0;
  let skipped = 0;
  const sentMarks = groupCommit(async (ids) => {
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, lastError: null })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
  });
  return {
    async send(row) {
      const outcome = composed.get(row.id);
      if (!outcome || outcome.kind === 'skip') {
        await db
          .update(mailOutbox)
          .set({ status: 'skipped', lastError: outcome?.reason ?? 'Not composed' })
          .where(heldBy(mailOutbox, row));
        skipped += 1;
        return;
      }
      try {
        await sending.transport.send(outcome.mail, sending.from);
      } catch (error) {
        const lastError = String(error instanceof Error ? error.message : error).slice(0, 1000);
        const giveUp = row.attempts >= MAX_ATTEMPTS;
        await settleRetry(db, { table: mailOutbox, job: row }, { now, capSeconds: MAIL_RETRY_CAP_SECONDS, giveUp, also: { lastError } });
        return;
      }
      // The window between the server's acceptance and this mark is the one a crash can
      // duplicate a message in; the stable Message-ID lets the receiving side recognise it.
      await sentMarks.mark(row.id);
      sent += 1;
    },
    close: () => Promise.resolve({ sent, skipped }),
  };
}

/** The mail kind; `schedule`: the worker's, which schedules the edition messages due before it claims. */
export function mailKind(sending: MailSending & { schedule: boolean }): OutboundKind<OutboxRow> {
  return {
    name: 'mail',
    rows: mailRows,
    batch: MAIL_BATCH,
    concurrency: SEND_CONCURRENCY,
    ...(sending.schedule ? { beforeClaim: scheduleDue } : {}),
    open: (db, rows, now) => openMailBatch(sending, { db, rows, now }),
  };
}

/**
 * The transactional lane as a kind of its own (docs/decisions/0075): its own loop, woken with every
 * other, claims only what an event sent, so a confirmation leaves while the mail kind is still
 * sending a batch of 100 bulk copies (or scheduling thousands).
 */
export function transactionalMailKind(sending: MailSending): OutboundKind<OutboxRow> {
  return {
    name: 'mail-transactional',
    rows: transactionalRows,
    batch: TRANSACTIONAL_BATCH,
    concurrency: SEND_CONCURRENCY,
    open: (db, rows, now) => openMailBatch(sending, { db, rows, now }),
  };
}
