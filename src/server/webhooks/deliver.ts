/**
 * Delivers the webhook rows that are due (docs/decisions/0058), the way the mail outbox does its
 * e-mails and in the same worker round: claimed with FOR UPDATE SKIP LOCKED and a lease, so
 * several processes never send one row at once and a process killed mid-send leaves its rows to
 * be claimed again. Every attempt is a line of the endpoint's log. A 2xx delivers; anything else
 * retries with backoff for three days. A 410, or 50 failures in a row, switches the endpoint off.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { FAILURES_TO_DISABLE, retriesLeft, webhookRetryDelaySeconds } from '../../domain/events/retry.ts';
import type { Database } from '../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema.ts';
import { syncToList, type SyncOutcome } from '../list-sync/sync-delivery.ts';
import { sendOutbound } from './post.ts';
import { signedHeaders } from './signing.ts';

export const WEBHOOK_BATCH = 100;
const LEASE_SECONDS = 120;
const CONCURRENCY = 16;
const LOGGED_ANSWER = 1024;

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

const heldBy = (row: Delivery) =>
  and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.attempts, row.attempts), eq(webhookDeliveries.status, 'pending'));

async function settle({ db, row, outcome, now }: { db: Database; row: Delivery; outcome: SyncOutcome; now: Date }): Promise<boolean> {
  // A list delivery with nothing to send (no consent, no rule) is settled: there is nothing to retry.
  const ok = outcome.skipped === true || (outcome.status !== null && outcome.status >= 200 && outcome.status < 300);
  await db.insert(webhookAttempts).values({
    deliveryId: row.id,
    endpointId: row.endpointId,
    at: now,
    status: outcome.status,
    durationMs: outcome.durationMs,
    answer: outcome.answer.slice(0, LOGGED_ANSWER),
    skipped: outcome.skipped === true,
  });
  if (ok) {
    await db.update(webhookDeliveries).set({ status: 'delivered', deliveredAt: now }).where(heldBy(row));
    await db.update(webhookEndpoints).set({ failuresInARow: 0 }).where(eq(webhookEndpoints.id, row.endpointId));
    return true;
  }
  const retry = retriesLeft(row.createdAt, now);
  await db
    .update(webhookDeliveries)
    .set(retry ? { nextAttemptAt: later(now, webhookRetryDelaySeconds(row.attempts)) } : { status: 'failed' })
    .where(heldBy(row));
  const [endpoint] = await db
    .update(webhookEndpoints)
    .set({ failuresInARow: sql`${webhookEndpoints.failuresInARow} + 1` })
    .where(eq(webhookEndpoints.id, row.endpointId))
    .returning({ failures: webhookEndpoints.failuresInARow });
  const reason =
    outcome.status === 410
      ? 'The receiver answered 410 Gone.'
      : (endpoint?.failures ?? 0) >= FAILURES_TO_DISABLE
        ? `${FAILURES_TO_DISABLE} deliveries in a row failed.`
        : null;
  if (reason) {
    await db
      .update(webhookEndpoints)
      .set({ status: 'disabled', disabledReason: reason })
      .where(and(eq(webhookEndpoints.id, row.endpointId), eq(webhookEndpoints.status, 'active')));
  }
  return false;
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
  let delivered = 0;
  await eachWithLimit(claimed, CONCURRENCY, async (row) => {
    const body = bodies.get(row.eventId);
    const endpoint = endpoints.get(row.endpointId);
    if (body === undefined || !endpoint) return;
    const outcome = await send({ db, endpoint, body, eventId: row.eventId, allowPrivate });
    if (await settle({ db, row, outcome, now })) delivered += 1;
  });
  return { claimed: claimed.length, delivered };
}
