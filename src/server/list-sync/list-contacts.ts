/**
 * Who each e-mail list connection has named to its provider (list_contacts, docs/decisions/0070):
 * read before a delivery so a removal reaches only someone sent before, written as the calls go.
 */
import { and, eq } from 'drizzle-orm';
import type { ListMembership } from '../../domain/list-sync/consent-gate.ts';
import type { Database } from '../db/client.ts';
import { listContacts } from '../db/schema.ts';

type Key = { endpointId: number; registrantId: number };

const where = (key: Key) => and(eq(listContacts.endpointId, key.endpointId), eq(listContacts.registrantId, key.registrantId));

export async function readMembership(db: Database, key: Key): Promise<ListMembership> {
  const [row] = await db.select({ unsubscribedAt: listContacts.unsubscribedAt }).from(listContacts).where(where(key));
  return { sent: row !== undefined, unsubscribedThere: Boolean(row?.unsubscribedAt) };
}

/** Written before the first call of an add: a call that fails half-way may still have added them there. */
export async function markSent(db: Database, key: Key, now: Date): Promise<void> {
  await db
    .insert(listContacts)
    .values({ ...key, sentAt: now })
    .onConflictDoUpdate({ target: [listContacts.endpointId, listContacts.registrantId], set: { unsubscribedAt: null } });
}

export async function markUnsubscribed(db: Database, key: Key, now: Date): Promise<void> {
  await db.update(listContacts).set({ unsubscribedAt: now }).where(where(key));
}

/** After an erasure reached the provider: the site keeps nothing of them for this connection. */
export async function forgetContact(db: Database, key: Key): Promise<void> {
  await db.delete(listContacts).where(where(key));
}
