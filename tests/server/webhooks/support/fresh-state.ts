/** Each webhook test starts with no registrants, events or endpoints, and a receiver that heard nothing. */
import type { Database } from '../../../../src/server/db/client.ts';
import { registrants, webhookEndpoints, webhookEvents } from '../../../../src/server/db/schema.ts';

export async function startFresh(db: Database, receiver: { reset(): void }): Promise<void> {
  await db.delete(registrants);
  await db.delete(webhookEvents);
  await db.delete(webhookEndpoints);
  receiver.reset();
}
