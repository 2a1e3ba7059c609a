/**
 * Listening as the insights screen reads it (issue 28 item 3), from the downloads counted by the
 * IAB rules (decision 0037): per episode, downloads are the rows and listeners the distinct
 * listener keys (a registrant is one listener on every device; anyone else is an address and user
 * agent, whose hash changes with the daily salt, so the same anonymous listener on two days is
 * two listeners, as the guidelines' "stated time frame" allows).
 */
import { and, count, countDistinct, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { episodeDownloads } from '../db/schema.ts';

/** The shared-feed flags of an edition, for insights beside these figures. */
export { sharedFeedFlags, type SharedFeedFlag } from './shared-feeds.ts';

export interface EpisodeListening {
  episodeId: number;
  downloads: number;
  listeners: number;
}

/** Downloads and listeners of each episode of the edition that has any. */
export async function episodeListening(db: Database, editionId: number): Promise<EpisodeListening[]> {
  const rows = await db
    .select({
      episodeId: episodeDownloads.episodeId,
      downloads: count(),
      listeners: countDistinct(episodeDownloads.listenerKey),
    })
    .from(episodeDownloads)
    .where(eq(episodeDownloads.editionId, editionId))
    .groupBy(episodeDownloads.episodeId)
    .orderBy(episodeDownloads.episodeId);
  return rows.map((row) => ({ episodeId: row.episodeId, downloads: Number(row.downloads), listeners: Number(row.listeners) }));
}

/** The registrants of the edition with at least one counted download (the funnel's "listened"). */
export async function listeningRegistrantIds(db: Database, editionId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ registrantId: episodeDownloads.registrantId })
    .from(episodeDownloads)
    .where(and(eq(episodeDownloads.editionId, editionId), isNotNull(episodeDownloads.registrantId)));
  return new Set(rows.map((row) => row.registrantId as number));
}
