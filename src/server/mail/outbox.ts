/**
 * The mail outbox: every e-mail is a row of mail_outbox (queued in the caller's transaction, or by
 * the scheduler), delivered as the mail kind of the outbound queue (mail-kind.ts,
 * docs/decisions/0072). Every time comes from the caller's clock (the test clock in tests), never
 * the database's.
 */
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { TRANSACTIONAL } from '../outbound/lanes.ts';
import { runBatch } from '../outbound/run-batch.ts';
import { mailKind } from './mail-kind.ts';
import type { MailTransport, OutgoingMail } from './transport.ts';

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
  // One e-mail to one person who is waiting for it (an admin's test): the transactional lane.
  await db
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, nextAttemptAt: now, priority: TRANSACTIONAL });
}

/**
 * Delivers up to one batch of what is due at `now` (without scheduling: the worker does that).
 * Returns how many rows it claimed (a full batch means more may be waiting), sent and skipped.
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
  const kind = mailKind({ transport, from, siteUrl: options.siteUrl ?? 'http://localhost', schedule: false });
  const { claimed, counts } = await runBatch(db, kind, options.now ?? new Date());
  return { claimed, sent: counts?.sent ?? 0, skipped: counts?.skipped ?? 0 };
}
