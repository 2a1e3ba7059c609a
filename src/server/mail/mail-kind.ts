/**
 * E-mail as a kind of the outbound queue (docs/decisions/0072): the rows of mail_outbox, claimed
 * by the queue's one claim. A batch is composed at once (compose.ts), then each copy is sent and
 * marked sent right after the SMTP server accepts it, the marks of copies accepted together written
 * in one statement (group-commit.ts; docs/decisions/0021 says what that guarantees). A failure
 * is read for what it says of the address (bounces.ts, docs/decisions/0082): a hard bounce
 * suppresses it and is not retried; a soft bounce or a connection that failed waits the queue's
 * one backoff, up to an hour, and is given up after eight attempts. A suppressed address gets
 * nothing but the access e-mail it asks for itself. Before
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
import { heldBy, type QueueRows } from '../outbound/queue.ts';
import { normalisedEmail } from '../../domain/email-address.ts';
import { sendsDespiteSuppression, suppressedSkipReason } from '../../domain/suppression/suppression.ts';
import { settleFailedSend } from './bounces.ts';
import { composeBatch, type Composed, type OutboxRow } from './compose.ts';
import { addressesWithSoftBounces, clearSoftBounces, suppressionsOf } from '../suppression/suppression-list.ts';
import { groupCommit } from './group-commit.ts';
import { scheduleDueMessages } from './scheduler.ts';
import { claimAtPace } from './send-pace.ts';
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

export function mailTransportFor(config: Pick<Env, 'SMTP_URL' | 'dataDir'> & Partial<Pick<Env, 'dkim'>>): MailTransport {
  const dkim = config.dkim ?? null;
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL, dkim) : fileTransport(path.join(config.dataDir, 'outbox'), dkim);
}

interface MailSending {
  transport: MailTransport;
  from: string;
  siteUrl: string;
  /**
   * After a batch suppressed an address: the registrant's own pages say so, so every process
   * forgets the signed-in registrants it remembers (outbound-kinds.ts announces the access change).
   */
  onSuppressed?: () => Promise<void>;
  /** MAIL_RATE_PER_SECOND: both lanes of every process together send at most this many a second. */
  ratePerSecond?: number | undefined;
}

/** The pace both lanes keep when the host set a rate (send-pace.ts). */
function mailPace(sending: MailSending): Pick<OutboundKind, 'pace'> {
  const { ratePerSecond } = sending;
  if (!ratePerSecond) return {};
  return {
    pace: { claim: (db, { now, wanted }, claim) => claimAtPace(db, { now, wanted, ratePerSecond }, claim) },
  };
}

async function scheduleDue(db: Database, now: Date): Promise<void> {
  const queued = await scheduleDueMessages(db, now);
  if (queued > 0) log.info({ queued }, 'mail scheduled');
}

/**
 * The suppressions that decide a batch beyond what composing read (docs/decisions/0082): those of
 * the ad hoc e-mails' addresses, and which addresses have soft bounces a delivered copy clears.
 */
async function batchSuppressions(db: Database, composed: Map<number, Composed>) {
  const mails = [...composed.values()].flatMap((outcome) => (outcome.kind === 'mail' ? [outcome] : []));
  const [adHoc, softBounced] = await Promise.all([
    suppressionsOf(
      db,
      mails.filter((outcome) => outcome.rule === null).map((outcome) => outcome.mail.to),
    ),
    addressesWithSoftBounces(
      db,
      mails.map((outcome) => outcome.mail.to),
    ),
  ]);
  return { adHoc, softBounced };
}

async function openMailBatch(
  sending: MailSending,
  { db, rows, now }: { db: Database; rows: OutboxRow[]; now: Date },
): Promise<OpenBatch<OutboxRow>> {
  const composed = await composeBatch({ db, rows, siteUrl: sending.siteUrl, now });
  const { adHoc, softBounced } = await batchSuppressions(db, composed);
  /** Addresses suppressed while this batch sends: their other copies in it are skipped too. */
  const suppressedNow = new Map<string, string>();
  let sent = 0;
  let skipped = 0;
  const sentMarks = groupCommit(async (ids) => {
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, lastError: null })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'pending')));
  });
  const skip = async (row: OutboxRow, reason: string) => {
    await db.update(mailOutbox).set({ status: 'skipped', lastError: reason }).where(heldBy(mailOutbox, row));
    skipped += 1;
  };
  const suppressionSkip = (outcome: Extract<Composed, { kind: 'mail' }>): string | null => {
    if (sendsDespiteSuppression(outcome.rule)) return null;
    const address = normalisedEmail(outcome.mail.to);
    const known = outcome.rule === null ? adHoc.get(address) : undefined;
    return known ? suppressedSkipReason(known) : (suppressedNow.get(address) ?? null);
  };
  return {
    async send(row) {
      const outcome = composed.get(row.id);
      if (!outcome || outcome.kind === 'skip') return skip(row, outcome?.reason ?? 'Not composed');
      const suppressed = suppressionSkip(outcome);
      if (suppressed) return skip(row, suppressed);
      try {
        await sending.transport.send(outcome.mail, sending.from);
      } catch (error) {
        const giveUp = row.attempts >= MAX_ATTEMPTS;
        const to = outcome.mail.to;
        const reason = await settleFailedSend(db, { row, to, error }, { now, capSeconds: MAIL_RETRY_CAP_SECONDS, giveUp });
        if (reason) suppressedNow.set(normalisedEmail(to), suppressedSkipReason({ reason, since: now }));
        return;
      }
      // The window between the server's acceptance and this mark is the one a crash can
      // duplicate a message in; the stable Message-ID lets the receiving side recognise it.
      await sentMarks.mark(row.id);
      sent += 1;
      // A delivered copy ends the address's soft bounces in a row.
      if (softBounced.has(normalisedEmail(outcome.mail.to))) await clearSoftBounces(db, outcome.mail.to);
    },
    async close() {
      if (suppressedNow.size) await sending.onSuppressed?.();
      return { sent, skipped };
    },
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
    ...mailPace(sending),
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
    ...mailPace(sending),
    open: (db, rows, now) => openMailBatch(sending, { db, rows, now }),
  };
}
