/**
 * One-click unsubscribe (RFC 8058) and its undo. Unsubscribing stops marketing messages only:
 * transactional ones (access links, pass confirmations) still go.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailPreferences, registrants } from '../db/schema.ts';
import { registrantForUnsubscribeToken } from './personal-links.ts';

export interface UnsubscribeState {
  registrantId: number;
  email: string;
  unsubscribed: boolean;
}

/** The registrant behind a token and whether they are unsubscribed; null for a bad token or an erased registrant. */
export async function unsubscribeState(db: Database, token: string): Promise<UnsubscribeState | null> {
  const registrantId = await registrantForUnsubscribeToken(db, token);
  if (registrantId === null) return null;
  const [row] = await db
    .select({ email: registrants.email, unsubscribedAt: mailPreferences.unsubscribedAt })
    .from(registrants)
    .leftJoin(mailPreferences, eq(mailPreferences.registrantId, registrants.id))
    .where(eq(registrants.id, registrantId))
    .limit(1);
  return row ? { registrantId, email: row.email, unsubscribed: row.unsubscribedAt !== null } : null;
}

export async function setUnsubscribed({
  db,
  registrantId,
  unsubscribed,
  now,
}: {
  db: Database;
  registrantId: number;
  unsubscribed: boolean;
  now: Date;
}): Promise<void> {
  const unsubscribedAt = unsubscribed ? now : null;
  await db
    .insert(mailPreferences)
    .values({ registrantId, unsubscribedAt })
    .onConflictDoUpdate({ target: mailPreferences.registrantId, set: { unsubscribedAt, updatedAt: sql`now()` } });
}
