/**
 * Shared feeds noticed (decision 0037): the flags listening-writes.ts sets when a personal key's
 * audio is fetched from more networks in a day than FEED_SHARE_NETWORK_LIMIT. The registrant's
 * admin screen shows the flag with its one-click re-issue, insights list them; re-issuing the link
 * clears the flag and the networks seen so far, so the new link starts clean. Nothing is blocked.
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { feedNetworks, sharedFeedFlags as flags } from '../db/schema.ts';

export interface SharedFeedFlag {
  registrantId: number;
  /** The most networks the key's audio came from in one UTC day. */
  networks: number;
  /** That day (YYYY-MM-DD). */
  day: string;
  flaggedAt: Date;
}

const flagColumns = {
  registrantId: flags.registrantId,
  networks: flags.networks,
  day: flags.day,
  flaggedAt: flags.flaggedAt,
};

/** Every flagged personal key of the edition, most networks first. */
export async function sharedFeedFlags(db: Database, editionId: number): Promise<SharedFeedFlag[]> {
  return db.select(flagColumns).from(flags).where(eq(flags.editionId, editionId)).orderBy(desc(flags.networks), flags.registrantId);
}

/** The registrant's flag, or null when their key is not flagged. */
export async function sharedFeedFlagOf(db: Database, registrantId: number): Promise<SharedFeedFlag | null> {
  const [row] = await db.select(flagColumns).from(flags).where(eq(flags.registrantId, registrantId)).limit(1);
  return row ?? null;
}

/** A re-issued link starts clean: its flag and the networks seen so far go (inside the re-issue's transaction). */
export async function clearSharedFeed(tx: Database, registrantId: number): Promise<void> {
  await tx.delete(flags).where(eq(flags.registrantId, registrantId));
  await tx.delete(feedNetworks).where(eq(feedNetworks.registrantId, registrantId));
}
