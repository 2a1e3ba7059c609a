/**
 * Records an event in the caller's transaction (docs/decisions/0058): the event row and one
 * delivery row for every endpoint that wants it, in one statement, so the change and what
 * reports it commit or roll back together. Nothing is written when no endpoint wants the event.
 * Paused endpoints get their rows too, sent when they are resumed.
 */
import { sql } from 'drizzle-orm';
import { eventPayload, eventSchemas, type EventData, type EventType } from '../../domain/events/catalogue.ts';
import type { Database } from '../db/client.ts';

export interface RecordedEvent<T extends EventType> {
  type: T;
  /** The edition it belongs to: endpoints limited to another edition do not get it. */
  editionId: number | null;
  data: EventData<T>;
  now: Date;
}

export async function recordEvent<T extends EventType>(db: Pick<Database, 'execute'>, event: RecordedEvent<T>): Promise<number> {
  // Parsing drops any field the catalogue does not list: nothing else can leave the site.
  const data = eventSchemas[event.type].parse(event.data) as EventData<T>;
  const payload = JSON.stringify(eventPayload(event.type, data, event.now));
  const at = event.now.toISOString();
  const wants = sql`w.status in ('active', 'paused') and w.events @> jsonb_build_array(${event.type}::text)
    and (w.edition_id is null or w.edition_id = ${event.editionId}::integer)`;
  const result = await db.execute(sql`
    with e as (
      insert into webhook_events (type, edition_id, payload, created_at)
      select ${event.type}::text, ${event.editionId}::integer, ${payload}, ${at}::timestamptz
      where exists (select 1 from webhook_endpoints w where ${wants})
      returning id)
    insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at, created_at)
    select e.id, w.id, ${at}::timestamptz, ${at}::timestamptz from e, webhook_endpoints w where ${wants}
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Whether any endpoint that may still be sent to wants this event (a cheap check before building many). */
export async function anyEndpointWants(db: Pick<Database, 'execute'>, type: EventType): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from webhook_endpoints w where w.status in ('active', 'paused') and w.events @> jsonb_build_array(${type}::text) limit 1`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * recordEvent for many events at once (the registrant import, docs/decisions/0062): one statement
 * for the events and their deliveries, however many, each event going to the endpoints that want
 * its type and edition, as recordEvent sends one. Returns the number of deliveries.
 */
export async function recordEvents<T extends EventType>(
  db: Pick<Database, 'execute'>,
  events: readonly RecordedEvent<T>[],
): Promise<number> {
  if (!events.length) return 0;
  const rows = events.map((event, ord) => {
    const data = eventSchemas[event.type].parse(event.data) as EventData<T>;
    return {
      ord,
      type: event.type,
      edition_id: event.editionId,
      payload: JSON.stringify(eventPayload(event.type, data, event.now)),
      at: event.now.toISOString(),
    };
  });
  const wants = (alias: string) =>
    sql.raw(`w.status in ('active', 'paused') and w.events @> jsonb_build_array(${alias}.type)
    and (w.edition_id is null or w.edition_id = ${alias}.edition_id)`);
  const result = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(ord integer, type text, edition_id integer, payload text, at timestamptz)),
    e as (
      insert into webhook_events (type, edition_id, payload, created_at)
      select i.type, i.edition_id, i.payload, i.at from input i
      where exists (select 1 from webhook_endpoints w where ${wants('i')})
      order by i.ord
      returning id, type, edition_id, created_at)
    insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at, created_at)
    select e.id, w.id, e.created_at, e.created_at from e, webhook_endpoints w where ${wants('e')}
    order by e.id
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
