/**
 * The admin's view of an edition's mail: per message, how many copies are scheduled, sent,
 * failed and skipped; the failures with their reasons; retrying them; and "send a test to me"
 * (the preview's sample rendering, message-preview.ts).
 */
import { needsMarketingConsent } from '../../domain/mail/message-kinds.ts';
import { NO_COUNTS, type MessageCounts } from '../../domain/mail/message-summary.ts';
import { deliveryByMessage } from './deliverability-figures.ts';
import { and, count, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TimedPage, TimerConfig } from '../../domain/edition.ts';
import { dayWindows, messageSchedule, type DayWindow } from '../../domain/mail/send-rules.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { Database } from '../db/client.ts';
import { emailSuppressions, mailOutbox, mailPreferences, registrants, timerConfigs } from '../db/schema.ts';
import { suppressionOfRegistrant } from './compose-inputs.ts';
import type { EditionMessage } from '../editions/edition-messages.ts';
import { renderPreview } from './message-preview.ts';
import { queueMail } from './outbox.ts';

const empty = (): MessageCounts => ({ ...NO_COUNTS });

/** Copies not queued yet whose time is still to come (nobody for event messages). */
async function upcoming({
  db,
  message,
  windows,
  now,
}: {
  db: Database;
  message: EditionMessage;
  windows: (DayWindow | null)[];
  now: Date;
}): Promise<number> {
  const schedule = messageSchedule(message.rule, windows);
  if (!schedule || schedule.kind === 'event') return 0;
  if (schedule.kind === 'fixed' && now.getTime() >= schedule.dueAt) return 0;
  const notDueYet = schedule.kind === 'fixed' ? sql`true` : gt(registrants.createdAt, new Date(now.getTime() - schedule.offsetMs));
  // Marketing messages reach only those who agreed to them and did not unsubscribe since.
  const subscribed = needsMarketingConsent(message.category)
    ? and(isNull(mailPreferences.unsubscribedAt), isNotNull(registrants.consentedAt))
    : sql`true`;
  const [row] = await db
    .select({ total: count() })
    .from(registrants)
    .leftJoin(mailPreferences, eq(mailPreferences.registrantId, registrants.id))
    // A suppressed address will be skipped (docs/decisions/0082): not counted as to come.
    .leftJoin(emailSuppressions, suppressionOfRegistrant)
    .where(and(eq(registrants.editionId, message.editionId), notDueYet, subscribed, isNull(emailSuppressions.id)));
  return row?.total ?? 0;
}

async function editionWindows(db: Database, editionId: number): Promise<(DayWindow | null)[]> {
  const timers: Partial<Record<TimedPage, TimerConfig>> = {};
  for (const row of await db.select().from(timerConfigs).where(eq(timerConfigs.editionId, editionId))) timers[row.page] = row.config;
  return dayWindows(timers);
}

/** Counts per message of one edition. */
export async function messageCounts({
  db,
  editionId,
  messages,
  now,
}: {
  db: Database;
  editionId: number;
  messages: EditionMessage[];
  now: Date;
}): Promise<Map<number, MessageCounts>> {
  const windows = await editionWindows(db, editionId);
  const counts = new Map(messages.map((message) => [message.id, empty()]));
  if (!messages.length) return counts;
  const rows = await db
    .select({ id: mailOutbox.editionMessageId, status: mailOutbox.status, total: count() })
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.editionMessageId,
        messages.map((message) => message.id),
      ),
    )
    .groupBy(mailOutbox.editionMessageId, mailOutbox.status);
  for (const row of rows) {
    const entry = counts.get(row.id as number);
    if (!entry) continue;
    if (row.status === 'pending') entry.scheduled += row.total;
    else entry[row.status] += row.total;
  }
  for (const message of messages) (counts.get(message.id) as MessageCounts).scheduled += await upcoming({ db, message, windows, now });
  for (const [id, tally] of await deliveryByMessage(
    db,
    messages.map((message) => message.id),
  )) {
    const entry = counts.get(id) as MessageCounts;
    entry.bounced = tally.counts.hardBounced;
    entry.complained = tally.counts.complained;
  }
  return counts;
}

export async function listFailures(db: Database, messageId: number, limit = 50) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      attempts: mailOutbox.attempts,
      error: mailOutbox.lastError,
      at: mailOutbox.nextAttemptAt,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.editionMessageId, messageId), eq(mailOutbox.status, 'failed')))
    .orderBy(mailOutbox.id)
    .limit(limit);
}

/** Puts every failed copy of the message back in the queue, due now, with fresh attempts. */
export async function retryFailed(db: Database, messageId: number, now: Date): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null })
    .where(and(eq(mailOutbox.editionMessageId, messageId), eq(mailOutbox.status, 'failed')))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Queues the sample rendering to the signed-in admin's own address. */
export async function sendTestToAdmin({
  db,
  admin,
  message,
  siteUrl,
  now,
}: {
  db: Database;
  admin: AdminUser;
  message: EditionMessage;
  siteUrl: string;
  now: Date;
}): Promise<{ ok: boolean; text: string }> {
  if (!admin.email) return { ok: false, text: 'Your admin account has no e-mail address, so there is nowhere to send a test.' };
  const rendered = await renderPreview({
    db,
    draft: message,
    recipient: { kind: 'sample', firstName: 'Sam', email: admin.email },
    siteUrl,
    now,
  });
  if (!rendered) return { ok: false, text: 'The test could not be rendered.' };
  await queueMail(db, { to: admin.email, subject: `[Test] ${rendered.subject}`, text: rendered.text, html: rendered.html }, now);
  return { ok: true, text: `A test of “${message.name}” is on its way to ${admin.email}.` };
}
