/**
 * Records an event about one registrant (docs/decisions/0058) in the caller's transaction, with
 * the fields every such event carries (id, edition slug, e-mail, first name) read from the row.
 * Call it before the change that would remove the row (an erasure reads them first).
 */
import { eq, sql } from 'drizzle-orm';
import type { EventData, EventType } from '../../domain/events/catalogue.ts';
import type { Database } from '../db/client.ts';
import { editions, registrants } from '../db/schema.ts';
import { recordEvent } from './record-event.ts';

type Common = 'registrantId' | 'editionSlug' | 'email' | 'firstName';
type RegistrantEventType = Exclude<EventType, 'registrant.erased' | 'registration.created'>;

export async function recordRegistrantEvent<T extends RegistrantEventType>(
  tx: Pick<Database, 'execute' | 'select'>,
  event: { type: T; registrantId: number; now: Date; data: Omit<EventData<T>, Common> },
): Promise<void> {
  const [row] = await tx
    .select({ editionId: registrants.editionId, editionSlug: editions.slug, email: registrants.email, firstName: registrants.firstName })
    .from(registrants)
    .innerJoin(editions, eq(editions.id, registrants.editionId))
    .where(eq(registrants.id, event.registrantId));
  if (!row) return;
  const data = {
    ...event.data,
    registrantId: event.registrantId,
    editionSlug: row.editionSlug,
    email: row.email,
    firstName: row.firstName,
  };
  await recordEvent(tx, { type: event.type, editionId: row.editionId, now: event.now, data: data as EventData<T> });
}

/**
 * An event about an address rather than one registration (a bounce, a complaint): one for each
 * registrant at the address (one per edition), in the caller's transaction. Returns their ids.
 */
export async function recordAddressEvent<T extends 'email.bounced' | 'email.complained'>(
  tx: Pick<Database, 'execute' | 'select'>,
  event: { type: T; address: string; now: Date; data: Omit<EventData<T>, Common> },
): Promise<number[]> {
  const rows = await tx.select({ id: registrants.id }).from(registrants).where(eq(registrants.email, event.address));
  for (const { id } of rows) await recordRegistrantEvent(tx, { type: event.type, registrantId: id, now: event.now, data: event.data });
  return rows.map((row) => row.id);
}

/**
 * An erasure: registrant.erased (the id, edition and address a receiver needs to remove its own
 * copy), and the bodies of their earlier events that are no longer waiting to be sent are deleted
 * with them, so the site keeps no copy of what was erased.
 */
export async function recordErasure(
  tx: Pick<Database, 'execute' | 'select'>,
  erased: { registrantId: number; editionId: number; email: string; now: Date },
): Promise<void> {
  const [edition] = await tx.select({ slug: editions.slug }).from(editions).where(eq(editions.id, erased.editionId));
  await tx.execute(sql`
    delete from webhook_events e
    where (e.payload::jsonb -> 'data' ->> 'registrantId') = ${String(erased.registrantId)}
      and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'pending')`);
  await recordEvent(tx, {
    type: 'registrant.erased',
    editionId: erased.editionId,
    now: erased.now,
    data: { registrantId: erased.registrantId, editionSlug: edition?.slug ?? '', email: erased.email },
  });
}
