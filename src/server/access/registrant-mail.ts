/**
 * Queues the access links again ("Find my access"): the edition's editable "Find my access"
 * message, rendered when sent with the registrant's current links and the brand (decision
 * 0034). The pass confirmation is the edition's message too, queued by the payment webhook.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { registrants } from '../db/schema.ts';
import { queueEventMessages } from '../outbound/event-mail.ts';

/** In the caller's transaction; false when there is nothing to send (no such registrant, a revoked key). */
export async function queueAccessLinkMail(tx: Database, registrantId: number, now: Date): Promise<boolean> {
  const [row] = await tx.select({ revokedAt: registrants.keyRevokedAt }).from(registrants).where(eq(registrants.id, registrantId)).limit(1);
  if (!row || row.revokedAt) return false;
  // Every request is its own event: asking again sends again (the rate limits bound how often).
  return (await queueEventMessages({ db: tx, registrantId, event: 'access-request', eventRef: `asked-${randomUUID()}`, now })) > 0;
}
