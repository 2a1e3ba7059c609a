/**
 * Webhooks as a kind of the outbound queue (docs/decisions/0058, 0072): each due delivery to a
 * webhook receiver is one signed POST (signing.ts, post.ts), sent by the worker; the rows, their
 * claim and their settling are delivery-queue.ts's.
 */
import type { Database } from '../db/client.ts';
import type { OutboundKind } from '../outbound/kind.ts';
import { deliverDue, deliveryKind, type Delivery } from './delivery-queue.ts';
import { sendOutbound } from './post.ts';
import { signedHeaders } from './signing.ts';

export function webhookKind(allowPrivate: boolean): OutboundKind<Delivery> {
  return deliveryKind({
    name: 'webhooks',
    group: 'webhooks',
    deliver: ({ endpoint, body, eventId }) => {
      const headers = signedHeaders({ eventId, body, keys: endpoint, sentAt: new Date() });
      return sendOutbound({ url: endpoint.url, headers, body, allowPrivate });
    },
  });
}

/** Sends up to one batch of the webhooks due at `now`; returns how many it claimed and how many were delivered. */
export async function deliverDueWebhooks({
  db,
  allowPrivate,
  now = new Date(),
}: {
  db: Database;
  allowPrivate: boolean;
  now?: Date;
}): Promise<{ claimed: number; delivered: number }> {
  return deliverDue(db, webhookKind(allowPrivate), now);
}
