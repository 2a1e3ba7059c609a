/**
 * Writing down what became of each claimed delivery (docs/decisions/0058): one line in the
 * endpoint's log per attempt. Successes are written for the whole batch at once; a failure is
 * written as it happens, retried with backoff for three days, and a 410 or 50 failures in a row
 * switch the endpoint off. Every write is guarded by the claim (the row's attempts and status),
 * so a row another process has claimed since is left alone.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { FAILURES_TO_DISABLE, retriesLeft, WEBHOOK_RETRY_CAP_SECONDS } from '../../domain/events/retry.ts';
import type { Database } from '../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { settleRetry } from '../outbound/queue.ts';
import type { PostOutcome } from './post.ts';

type Delivery = typeof webhookDeliveries.$inferSelect;

/** What one delivery came to; `skipped`: an e-mail list delivery with nothing to send, never retried. */
export type DeliveryOutcome = PostOutcome & { skipped?: true };

export interface Settled {
  row: Delivery;
  outcome: DeliveryOutcome;
}

const LOGGED_ANSWER = 1024;

/** A 2xx; or an e-mail list delivery with nothing to send (no consent, no rule), which is never retried. */
export const succeededWith = (outcome: DeliveryOutcome) =>
  outcome.skipped === true || (outcome.status !== null && outcome.status >= 200 && outcome.status < 300);

const logLine = ({ row, outcome }: Settled, now: Date) => ({
  deliveryId: row.id,
  endpointId: row.endpointId,
  at: now,
  status: outcome.status,
  durationMs: outcome.durationMs,
  answer: outcome.answer.slice(0, LOGGED_ANSWER),
  skipped: outcome.skipped === true,
});

export async function settleSuccesses(db: Database, done: Settled[], now: Date): Promise<void> {
  if (!done.length) return;
  await db.insert(webhookAttempts).values(done.map((item) => logLine(item, now)));
  const claims = sql.join(
    done.map(({ row }) => sql`(${row.id}::integer, ${row.attempts}::integer)`),
    sql`, `,
  );
  await db
    .update(webhookDeliveries)
    .set({ status: 'delivered', deliveredAt: now })
    .where(and(eq(webhookDeliveries.status, 'pending'), sql`(${webhookDeliveries.id}, ${webhookDeliveries.attempts}) in (${claims})`));
  // A success ends a run of failures; endpoints with none are not written at all.
  const endpoints = [...new Set(done.map(({ row }) => row.endpointId))];
  await db
    .update(webhookEndpoints)
    .set({ failuresInARow: 0 })
    .where(and(inArray(webhookEndpoints.id, endpoints), sql`${webhookEndpoints.failuresInARow} > 0`));
}

export async function settleFailure(db: Database, { row, outcome }: Settled, now: Date): Promise<void> {
  await db.insert(webhookAttempts).values(logLine({ row, outcome }, now));
  const giveUp = !retriesLeft(row.createdAt, now);
  await settleRetry(db, { table: webhookDeliveries, job: row }, { now, capSeconds: WEBHOOK_RETRY_CAP_SECONDS, giveUp });
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
  if (!reason) return;
  await db
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, row.endpointId), eq(webhookEndpoints.status, 'active')));
}
