/**
 * Puts due copies of edition messages into the outbox. Each round, for every switched-on
 * message, one INSERT … SELECT adds a row for each registrant whose copy is due and not stale
 * and who has none yet. The unique dedupe key "m{message}:r{registrant}" makes that exactly one
 * row per (registrant, message) however many processes schedule at once; NOT EXISTS keeps the
 * rounds cheap (and identity values unspent) once the rows exist. Marketing rows go only to
 * registrants who agreed to marketing e-mails (decision 0034) and did not unsubscribe since. Times come from the caller's clock (the test clock in tests).
 */
import { needsMarketingConsent } from '../../domain/mail/message-kinds.ts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { requiredMessageKey } from '../../domain/mail/default-sequence.ts';
import type { MessageKind } from '../../domain/mail/message-kinds.ts';
import { dayWindows, messageSchedule, type MessageSchedule, type SendEvent } from '../../domain/mail/send-rules.ts';
import type { TimedPage, TimerConfig } from '../../domain/edition.ts';
import type { Database } from '../db/client.ts';
import { editionMessages, registrants, timerConfigs } from '../db/schema.ts';
import { log } from '../log.ts';
import { ensureRequiredMessages } from './edition-messages.ts';

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

/**
 * Queues, for one registrant and in the caller's transaction, every switched-on message of their
 * edition that sends on this event: the default (the confirmation, "find my access", the pass
 * confirmation) and any of the host's own. eventRef (the purchase, the request) keeps a repeated
 * event from queueing a message twice. An edition made without the message the event requires
 * gets its required messages first. Returns how many copies were queued.
 */
export async function queueEventMessages({
  db,
  registrantId,
  event,
  eventRef,
  now,
}: {
  db: Pick<Database, 'execute' | 'select' | 'insert'>;
  registrantId: number;
  event: SendEvent;
  eventRef: string;
  now: Date;
}): Promise<number> {
  const queue = async () => {
    const result = await db.execute(sql`
      with queued as (
        insert into mail_outbox ("to", registrant_id, edition_message_id, dedupe_key, next_attempt_at)
        select r.email, r.id, m.id, 'm' || m.id || ':r' || r.id || ':' || ${eventRef}, ${now.toISOString()}::timestamptz
        from registrants r join edition_messages m on m.edition_id = r.edition_id and m.rule->>'kind' = ${event} and m.enabled
        where r.id = ${registrantId}
        on conflict (dedupe_key) do nothing
        returning edition_message_id)
      select m.key, m.kind from queued join edition_messages m on m.id = queued.edition_message_id`);
    return (result as unknown as { rows: { key: string; kind: MessageKind }[] }).rows;
  };
  const queued = await queue();
  const required = requiredMessageKey(event);
  // The usual case costs one statement: the required message was among those queued.
  if (required === null || queued.some((row) => row.kind === 'default' && row.key === required)) return queued.length;
  if (await hasRequiredMessage(db, registrantId, required)) return queued.length;
  const [registrant] = await db.select({ editionId: registrants.editionId }).from(registrants).where(eq(registrants.id, registrantId));
  if (!registrant) return queued.length;
  await ensureRequiredMessages(db, [registrant.editionId]);
  const added = await queue();
  if (!added.length) log.error({ registrantId, event }, 'the required e-mail could not be queued');
  return queued.length + added.length;
}

/** Whether the registrant's edition has the message the event requires (a registration, a request for the links). */
async function hasRequiredMessage(db: Pick<Database, 'select'>, registrantId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: editionMessages.id })
    .from(editionMessages)
    .innerJoin(registrants, eq(registrants.editionId, editionMessages.editionId))
    .where(and(eq(registrants.id, registrantId), eq(editionMessages.key, key), eq(editionMessages.kind, 'default')))
    .limit(1);
  return row !== undefined;
}
