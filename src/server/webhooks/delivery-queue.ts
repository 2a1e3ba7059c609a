/**
 * The rows of webhook_deliveries as jobs of the outbound queue (docs/decisions/0058, 0072): the
 * webhook kind takes the deliveries to webhook receivers, the list-sync kind those to e-mail list
 * connections (docs/decisions/0059), each claimed by the queue's one claim only while its endpoint
 * is switched on. A batch loads its events' bodies and endpoints once; what became of each
 * delivery is written by settle.ts (failures as they happen, successes together at the end).
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema.ts';
import type { OpenBatch, OutboundKind } from '../outbound/kind.ts';
import type { PerKeyLimit } from '../outbound/lanes.ts';
import type { QueueRows } from '../outbound/queue.ts';
import { runBatch } from '../outbound/run-batch.ts';
import { settleFailure, settleSuccesses, succeededWith, type DeliveryOutcome, type Settled } from './settle.ts';

export type Delivery = typeof webhookDeliveries.$inferSelect;
export type Endpoint = typeof webhookEndpoints.$inferSelect;

export const DELIVERY_BATCH = 100;
/** Requests in flight at once per kind. */
const CONCURRENCY = 48;
/**
 * Requests in flight at once per endpoint (post.ts keeps as many connections per receiver): two
 * endpoints that never answer hold 32 of the kind's 48, and the others share the rest
 * (docs/decisions/0075).
 */
const PER_ENDPOINT = 16;

const perEndpoint: PerKeyLimit = {
  column: webhookDeliveries.endpointId,
  limit: PER_ENDPOINT,
  keyOf: (job) => (job as Delivery).endpointId,
};

/** Whose deliveries a kind takes: the webhook receivers', or the e-mail list connections'. */
export type EndpointGroup = 'webhooks' | 'lists';

function deliveryRows(group: EndpointGroup): QueueRows {
  const ofGroup = group === 'webhooks' ? sql`w.kind = 'webhook'` : sql`w.kind <> 'webhook'`;
  return {
    table: webhookDeliveries,
    alsoDue: sql`exists (select 1 from webhook_endpoints w
      where w.id = ${webhookDeliveries.endpointId} and w.status = 'active' and ${ofGroup})`,
  };
}

/** Sends one delivery's event to its endpoint and says what came back; never throws. */
export type Deliver = (job: { db: Database; endpoint: Endpoint; body: string; eventId: number }) => Promise<DeliveryOutcome>;

async function loadParts(db: Database, rows: Delivery[]) {
  const events = await db
    .select({ id: webhookEvents.id, payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(inArray(webhookEvents.id, [...new Set(rows.map((row) => row.eventId))]));
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.id, [...new Set(rows.map((row) => row.endpointId))]));
  return {
    bodies: new Map(events.map((event) => [event.id, event.payload])),
    endpoints: new Map<number, Endpoint>(endpoints.map((endpoint) => [endpoint.id, endpoint])),
  };
}

async function openDeliveries(
  deliver: Deliver,
  { db, rows, now }: { db: Database; rows: Delivery[]; now: Date },
): Promise<OpenBatch<Delivery>> {
  const { bodies, endpoints } = await loadParts(db, rows);
  const succeeded: Settled[] = [];
  return {
    async send(row) {
      const body = bodies.get(row.eventId);
      const endpoint = endpoints.get(row.endpointId);
      if (body === undefined || !endpoint) return;
      const outcome = await deliver({ db, endpoint, body, eventId: row.eventId });
      if (succeededWith(outcome)) succeeded.push({ row, outcome });
      else await settleFailure(db, { row, outcome }, now);
    },
    async close() {
      // Successes are written together (three statements a batch, not three a delivery): a crash
      // before this sends them again with the same webhook-id, which receivers deduplicate.
      await settleSuccesses(db, succeeded, now);
      return { delivered: succeeded.length };
    },
  };
}

/** A kind over webhook_deliveries: the webhook kind (deliver.ts) and the list-sync kind are made here. */
export function deliveryKind({ name, group, deliver }: { name: string; group: EndpointGroup; deliver: Deliver }): OutboundKind<Delivery> {
  return {
    name,
    rows: deliveryRows(group),
    batch: DELIVERY_BATCH,
    concurrency: CONCURRENCY,
    perKey: perEndpoint,
    open: (db, rows, now) => openDeliveries(deliver, { db, rows, now }),
  };
}

/** Sends up to one batch of a delivery kind's calls due at `now`: how many it claimed, and how many were delivered. */
export async function deliverDue(db: Database, kind: OutboundKind<Delivery>, now: Date): Promise<{ claimed: number; delivered: number }> {
  const { claimed, counts } = await runBatch(db, kind, now);
  return { claimed, delivered: counts?.delivered ?? 0 };
}
