/**
 * Calls to the e-mail list services as a kind of the outbound queue (docs/decisions/0059, 0072):
 * the deliveries of webhook_deliveries whose endpoint is a list connection, claimed and settled
 * like a webhook's (src/server/webhooks/delivery-queue.ts: the same retries, log and switch-off),
 * each sent as the provider's calls (sync-delivery.ts).
 */
import type { Database } from '../db/client.ts';
import type { OutboundKind } from '../outbound/kind.ts';
import { deliverDue, deliveryKind, type Delivery } from '../webhooks/delivery-queue.ts';
import { syncToList, type SyncOutcome } from './sync-delivery.ts';

/** Never sent: the claim takes only list connections' deliveries, so a webhook receiver's is not this kind's. */
const notAList: SyncOutcome = { status: null, answer: 'Not an e-mail list connection', durationMs: 0 };

export function listSyncKind(allowPrivate: boolean): OutboundKind<Delivery> {
  return deliveryKind({
    name: 'list-sync',
    group: 'lists',
    deliver: ({ db, endpoint, body }) =>
      endpoint.kind === 'webhook'
        ? Promise.resolve(notAList)
        : syncToList({ db, endpoint: { ...endpoint, kind: endpoint.kind }, body, allowPrivate }),
  });
}

/** Sends up to one batch of the list calls due at `now`; returns how many it claimed and how many were delivered. */
export async function deliverDueListCalls({
  db,
  allowPrivate,
  now = new Date(),
}: {
  db: Database;
  allowPrivate: boolean;
  now?: Date;
}): Promise<{ claimed: number; delivered: number }> {
  return deliverDue(db, listSyncKind(allowPrivate), now);
}
