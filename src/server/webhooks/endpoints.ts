/**
 * The host's webhook endpoints (docs/decisions/0058): added from the admin with a secret shown
 * once, rotated (the old secret keeps signing for 24 h), paused and resumed, deleted; a test
 * event and a resend go through the same queue as every delivery.
 */
import { and, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import { eventExamples, eventPayload, type EventType } from '../../domain/events/catalogue.ts';
import { parseEndpointInput } from '../../domain/events/endpoint-input.ts';
import type { Database } from '../db/client.ts';
import { editions, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema.ts';
import { refusedHost } from './address-policy.ts';
import { newSecret, ROTATION_OVERLAP_MS } from './signing.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
type FieldErrors = Partial<Record<'url' | 'events' | 'editionId', string>>;

export async function createEndpoint(
  db: Database,
  raw: { url: string; events: string[]; editionId: string },
  options: { allowPrivate: boolean },
): Promise<{ ok: true; id: number; secret: string } | { ok: false; errors: FieldErrors }> {
  const parsed = parseEndpointInput(raw, options);
  if (!parsed.ok) return parsed;
  const refused = await refusedHost(new URL(parsed.value.url), options.allowPrivate);
  if (refused) return { ok: false, errors: { url: refused } };
  if (parsed.value.editionId !== null) {
    const [edition] = await db.select({ id: editions.id }).from(editions).where(eq(editions.id, parsed.value.editionId));
    if (!edition) return { ok: false, errors: { editionId: 'Choose an edition from the list.' } };
  }
  const secret = newSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...parsed.value, secret })
    .returning({ id: webhookEndpoints.id });
  return { ok: true, id: row!.id, secret };
}

/** A new secret, shown once; the old one signs beside it for 24 h. */
export async function rotateSecret(db: Database, id: number, now: Date): Promise<string | null> {
  const secret = newSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      secret,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return row ? secret : null;
}

/** Pausing keeps the events for the endpoint; resuming (also after the site switched it off) sends them. */
export async function setPaused(db: Database, id: number, paused: boolean): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set(paused ? { status: 'paused' } : { status: 'active', disabledReason: null, failuresInARow: 0 })
    .where(eq(webhookEndpoints.id, id));
}

export async function deleteEndpoint(db: Database, id: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** Queues the example of the endpoint's first event, for it alone. */
export async function sendTestEvent(db: Database, id: number, now: Date): Promise<boolean> {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  const type: EventType | undefined = endpoint?.events[0];
  if (!endpoint || !type) return false;
  const payload = JSON.stringify(eventPayload(type, eventExamples[type], now));
  await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(webhookEvents)
      .values({ type, editionId: null, payload, createdAt: now })
      .returning({ id: webhookEvents.id });
    await tx.insert(webhookDeliveries).values({ eventId: event!.id, endpointId: id, nextAttemptAt: now, createdAt: now });
  });
  return true;
}

/** Sends a delivery's event again (same webhook-id), unless it is still waiting to be sent. */
export async function resendDelivery(db: Database, deliveryId: number, now: Date): Promise<boolean> {
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!delivery) return false;
  const added = await db
    .insert(webhookDeliveries)
    .values({ eventId: delivery.eventId, endpointId: delivery.endpointId, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  return added.length > 0;
}

/** Whether the id names a webhook receiver (not an e-mail list connection, whose key a rotation would replace). */
export async function isWebhook(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.kind, 'webhook')));
  return Boolean(row);
}

/** The webhook receivers (the e-mail list connections are listed on their own screen). */
export async function listEndpoints(db: Database): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.kind, 'webhook')).orderBy(webhookEndpoints.id);
}

/** How the logs show a time: UTC, "YYYY-MM-DD HH:MM:SS". */
export const utcStamp = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 19);

/** An endpoint's delivery log, newest first: one line an attempt. */
export async function deliveryLog(db: Database, endpointId: number, limit = 50) {
  return db
    .select({
      id: webhookAttempts.id,
      deliveryId: webhookAttempts.deliveryId,
      at: webhookAttempts.at,
      type: webhookEvents.type,
      status: webhookAttempts.status,
      durationMs: webhookAttempts.durationMs,
      answer: webhookAttempts.answer,
      skipped: webhookAttempts.skipped,
    })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookAttempts.endpointId, endpointId)))
    .orderBy(desc(webhookAttempts.id))
    .limit(limit);
}

/** How many webhook endpoints and e-mail list connections the site switched off (a 410, 50 failures in a row): every admin screen says so. */
export async function countSwitchedOffEndpoints(db: Database): Promise<{ webhooks: number; lists: number }> {
  const rows = await db
    .select({ webhook: sql<boolean>`${webhookEndpoints.kind} = 'webhook'`, n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.status, 'disabled'))
    .groupBy(sql`1`);
  return { webhooks: rows.find((row) => row.webhook)?.n ?? 0, lists: rows.find((row) => !row.webhook)?.n ?? 0 };
}

/**
 * The edition's deliveries that are failing: given up on, or waiting for a retry after a failed
 * attempt (the admin's home shows the figure; the webhooks screen has each one's log).
 */
export async function countFailingDeliveries(db: Database, editionId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookEvents.editionId, editionId),
        or(eq(webhookDeliveries.status, 'failed'), and(eq(webhookDeliveries.status, 'pending'), gt(webhookDeliveries.attempts, 0))),
      ),
    );
  return row?.n ?? 0;
}
