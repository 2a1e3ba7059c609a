/**
 * The insights' one reading of listening (decision 0037): plain aggregate queries over
 * `episode_downloads`, the counted downloads the audio routes write (src/server/db/schema/listening.ts).
 * How a download comes to be counted is not this module's business: a row is one download, a
 * distinct listener_key one listener, and a registrant "listened" when a row names them.
 */
import { and, asc, countDistinct, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { episodeDownloads, episodes, registrants, registrationSources } from '../db/schema.ts';

export interface EpisodeListening {
  episodeId: number;
  title: string;
  day: number;
  downloads: number;
  listeners: number;
}

/** Every episode of the edition (none counted: zeros), by day and position; then the deleted ones that were heard. */
export async function listeningPerEpisode(db: Database, editionId: number): Promise<EpisodeListening[]> {
  const [current, deleted] = await Promise.all([listeningOfEpisodes(db, editionId), listeningOfDeletedEpisodes(db, editionId)]);
  return [...current, ...deleted];
}

const toNumbers = <T extends { downloads: unknown; listeners: unknown }>(row: T) => ({
  ...row,
  downloads: Number(row.downloads),
  listeners: Number(row.listeners),
});

async function listeningOfEpisodes(db: Database, editionId: number): Promise<EpisodeListening[]> {
  const rows = await db
    .select({
      episodeId: episodes.id,
      title: episodes.title,
      day: episodes.day,
      downloads: sql<number>`count(${episodeDownloads.id})::int`,
      listeners: sql<number>`count(distinct ${episodeDownloads.listenerKey})::int`,
    })
    .from(episodes)
    .leftJoin(episodeDownloads, eq(episodeDownloads.episodeId, episodes.id))
    .where(eq(episodes.editionId, editionId))
    .groupBy(episodes.id)
    .orderBy(asc(episodes.day), asc(episodes.position), asc(episodes.id));
  return rows.map(toNumbers);
}

/** A deleted episode's downloads stay (src/server/episodes/episodes.ts deleteEpisodes), with the title and day it had. */
async function listeningOfDeletedEpisodes(db: Database, editionId: number): Promise<EpisodeListening[]> {
  const rows = await db
    .select({
      episodeId: episodeDownloads.episodeId,
      title: sql<string>`max(${episodeDownloads.deletedEpisodeTitle}) || ' (deleted)'`,
      day: sql<number>`max(${episodeDownloads.deletedEpisodeDay})::int`,
      downloads: sql<number>`count(${episodeDownloads.id})::int`,
      listeners: sql<number>`count(distinct ${episodeDownloads.listenerKey})::int`,
    })
    .from(episodeDownloads)
    .where(and(eq(episodeDownloads.editionId, editionId), isNotNull(episodeDownloads.deletedEpisodeTitle)))
    .groupBy(episodeDownloads.episodeId)
    .orderBy(asc(episodeDownloads.episodeId));
  return rows.map((row) => ({ ...toNumbers(row), day: Number(row.day) }));
}

/** How many of the edition's registrants have at least one counted download. */
export async function registrantsWhoListened(db: Database, editionId: number): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(episodeDownloads.registrantId) })
    .from(episodeDownloads)
    .innerJoin(registrants, eq(registrants.id, episodeDownloads.registrantId))
    .where(eq(registrants.editionId, editionId));
  return Number(row?.n ?? 0);
}

/** Per share link of the edition: the registrants it brought who have at least one counted download. */
export async function listenersPerShareLink(db: Database, editionId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ linkId: registrationSources.shareLinkId, n: countDistinct(episodeDownloads.registrantId) })
    .from(episodeDownloads)
    .innerJoin(registrants, eq(registrants.id, episodeDownloads.registrantId))
    .innerJoin(registrationSources, eq(registrationSources.registrantId, registrants.id))
    .where(and(eq(registrants.editionId, editionId), isNotNull(registrationSources.shareLinkId)))
    .groupBy(registrationSources.shareLinkId);
  return new Map(rows.map((row) => [row.linkId as number, Number(row.n)]));
}
