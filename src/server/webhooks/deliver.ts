/**
 * Delivers the webhook rows that are due (docs/decisions/0058), the way the mail outbox does its
 * e-mails and in the same worker round: claimed with FOR UPDATE SKIP LOCKED and a lease, so
 * several processes never send one row at once and a process killed mid-send leaves its rows to
 * be claimed again. What became of each is written by settle.ts.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema.ts';
import { syncToList, type SyncOutcome } from '../list-sync/sync-delivery.ts';
import { sendOutbound } from './post.ts';
import { settleFailure, settleSuccesses, succeededWith, type Settled } from './settle.ts';
import { signedHeaders } from './signing.ts';

export const WEBHOOK_BATCH = 100;
const LEASE_SECONDS = 120;
const CONCURRENCY = 16;

type Delivery = typeof webhookDeliveries.$inferSelect;
type Endpoint = typeof webhookEndpoints.$inferSelect;

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

async function claimDue(db: Database, now: Date): Promise<Delivery[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now), eq(webhookEndpoints.status, 'active')))
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(WEBHOOK_BATCH)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: later(now, LEASE_SECONDS) })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
}

async function eachWithLimit<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

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

/** A webhook is one signed POST; an e-mail list is its provider's calls (docs/decisions/0059). */
function send(job: { db: Database; endpoint: Endpoint; body: string; eventId: number; allowPrivate: boolean }): Promise<SyncOutcome> {
  const { endpoint, body, allowPrivate } = job;
  if (endpoint.kind !== 'webhook') return syncToList({ db: job.db, endpoint: { ...endpoint, kind: endpoint.kind }, body, allowPrivate });
  const headers = signedHeaders({ eventId: job.eventId, body, keys: endpoint, sentAt: new Date() });
  return sendOutbound({ url: endpoint.url, headers, body, allowPrivate });
}

/** Sends up to one batch of what is due at `now`; returns how many it claimed and how many were delivered. */
export async function deliverDueWebhooks({
  db,
  allowPrivate,
  now = new Date(),
}: {
  db: Database;
  allowPrivate: boolean;
  now?: Date;
}): Promise<{ claimed: number; delivered: number }> {
  const claimed = await claimDue(db, now);
  if (!claimed.length) return { claimed: 0, delivered: 0 };
  const { bodies, endpoints } = await loadParts(db, claimed);
  const succeeded: Settled[] = [];
  await eachWithLimit(claimed, CONCURRENCY, async (row) => {
    const body = bodies.get(row.eventId);
    const endpoint = endpoints.get(row.endpointId);
    if (body === undefined || !endpoint) return;
    const outcome = await send({ db, endpoint, body, eventId: row.eventId, allowPrivate });
    if (succeededWith(outcome)) succeeded.push({ row, outcome });
    else await settleFailure(db, { row, outcome }, now);
  });
  // Successes are written together (three statements a batch, not three a delivery): a crash
  // before this sends them again with the same webhook-id, which receivers deduplicate.
  await settleSuccesses(db, succeeded, now);
  return { claimed: claimed.length, delivered: succeeded.length };
}
