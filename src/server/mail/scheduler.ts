/**
 * Puts due copies of edition messages into the outbox. Each round, for every switched-on
 * message, one INSERT … SELECT adds a row for each registrant whose copy is due and not stale
 * and who has none yet. The unique dedupe key "m{message}:r{registrant}" makes that exactly one
 * row per (registrant, message) however many processes schedule at once; NOT EXISTS keeps the
 * rounds cheap (and identity values unspent) once the rows exist. Marketing rows go only to
 * registrants who agreed to marketing e-mails (decision 0034) and did not unsubscribe since. Times come from the caller's clock (the test clock in tests).
 * The messages an event sends (a registration, a payment) are queued by src/server/outbound/event-mail.ts.
 */
import { needsMarketingConsent } from '../../domain/mail/message-kinds.ts';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { dayWindows, messageSchedule, type MessageSchedule } from '../../domain/mail/send-rules.ts';
import type { TimedPage, TimerConfig } from '../../domain/edition.ts';
import type { Database } from '../db/client.ts';
import { editionMessages, timerConfigs } from '../db/schema.ts';

type Message = Pick<typeof editionMessages.$inferSelect, 'id' | 'editionId' | 'category' | 'rule'>;

/** Who is due now under this schedule, as a condition on registrants "r" (null: nobody). */
function dueCondition(schedule: MessageSchedule, now: Date): SQL | null {
  if (schedule.kind === 'event') return null;
  if (schedule.kind === 'fixed') {
    if (now.getTime() < schedule.dueAt || now.getTime() >= schedule.staleAt) return null;
    return sql`r.created_at <= ${new Date(schedule.dueAt).toISOString()}::timestamptz`;
  }
  const dueBefore = new Date(now.getTime() - schedule.offsetMs);
  const staleBefore = new Date(now.getTime() - schedule.staleOffsetMs);
  return sql`r.created_at <= ${dueBefore.toISOString()}::timestamptz and r.created_at > ${staleBefore.toISOString()}::timestamptz`;
}

async function scheduleMessage({ db, message, due, now }: { db: Database; message: Message; due: SQL; now: Date }): Promise<number> {
  const prefix = `m${message.id}:r`;
  const marketingOnly = needsMarketingConsent(message.category)
    ? sql`and r.consented_at is not null
          and not exists (select 1 from mail_preferences p where p.registrant_id = r.id and p.unsubscribed_at is not null)`
    : sql``;
  const result = await db.execute(sql`
    insert into mail_outbox ("to", registrant_id, edition_message_id, dedupe_key, next_attempt_at)
    select r.email, r.id, ${message.id}, ${prefix} || r.id, ${now.toISOString()}::timestamptz
    from registrants r
    where r.edition_id = ${message.editionId} and ${due}
      and not exists (select 1 from mail_outbox o where o.dedupe_key = ${prefix} || r.id)
      ${marketingOnly}
    on conflict (dedupe_key) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** One scheduling round; returns how many copies it queued. */
export async function scheduleDueMessages(db: Database, now: Date): Promise<number> {
  const messages = await db
    .select({
      id: editionMessages.id,
      editionId: editionMessages.editionId,
      category: editionMessages.category,
      rule: editionMessages.rule,
    })
    .from(editionMessages)
    .where(eq(editionMessages.enabled, true));
  if (!messages.length) return 0;
  const timers = await db
    .select()
    .from(timerConfigs)
    .where(inArray(timerConfigs.editionId, [...new Set(messages.map((message) => message.editionId))]));
  let queued = 0;
  for (const message of messages) {
    const editionTimers: Partial<Record<TimedPage, TimerConfig>> = {};
    for (const timer of timers.filter((row) => row.editionId === message.editionId)) editionTimers[timer.page] = timer.config;
    const schedule = messageSchedule(message.rule, dayWindows(editionTimers));
    const due = schedule ? dueCondition(schedule, now) : null;
    if (due) queued += await scheduleMessage({ db, message, due, now });
  }
  return queued;
}
