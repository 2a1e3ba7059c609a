/**
 * The e-mails an event sends, queued by the folder the event happens in (a registration, "find my
 * access", a payment, a reversal) through the outbound queue (docs/decisions/0072), never through
 * src/server/mail: the mail kind sends them like every other copy of an edition message, in the
 * transactional lane, before any bulk copy waiting (docs/decisions/0075).
 */
import { and, eq, sql } from 'drizzle-orm';
import { requiredMessageKey } from '../../domain/mail/default-sequence.ts';
import type { MessageKind } from '../../domain/mail/message-kinds.ts';
import type { SendEvent } from '../../domain/mail/send-rules.ts';
import type { Database } from '../db/client.ts';
import { editionMessages, registrants } from '../db/schema.ts';
import { ensureRequiredMessages } from '../editions/edition-messages.ts';
import { log } from '../log.ts';
import { TRANSACTIONAL } from './lanes.ts';

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
        insert into mail_outbox ("to", registrant_id, edition_message_id, dedupe_key, next_attempt_at, priority)
        select r.email, r.id, m.id, 'm' || m.id || ':r' || r.id || ':' || ${eventRef}, ${now.toISOString()}::timestamptz, ${TRANSACTIONAL}
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
