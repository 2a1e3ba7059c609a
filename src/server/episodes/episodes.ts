/**
 * Episodes as content (decision 0020): reading an edition's episodes, and the writes the admin and
 * the demo seed make. Every write announces a content change, so feeds and day pages in every
 * process show it on their next request.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { episodeDownloads, episodes } from '../db/schema.ts';
import { firstRow } from '../db/first-row.ts';
import { cached, peekCached } from '../caching/content-cache.ts';

export type Episode = typeof episodes.$inferSelect;
export type NewEpisode = typeof episodes.$inferInsert;

/** How long a process may serve an edition's episode list before reading it again. */
const EPISODES_TTL_MS = 30_000;

// async: a Drizzle query is a thenable that runs again each time it is awaited; the cache must
// keep the one Promise of its result.
export async function listEpisodes(db: Database, editionId: number): Promise<Episode[]> {
  return await db
    .select()
    .from(episodes)
    .where(eq(episodes.editionId, editionId))
    .orderBy(asc(episodes.day), asc(episodes.position), asc(episodes.id));
}

/** The edition's episodes from the content cache (dropped on every content change). */
const episodesKey = (editionId: number) => `episodes:${editionId}`;

export function cachedEpisodes(db: Database, editionId: number): Promise<Episode[]> {
  return cached(episodesKey(editionId), EPISODES_TTL_MS, () => listEpisodes(db, editionId));
}

/** The edition's episodes if they are loaded, undefined when they would have to be loaded. */
export function loadedEpisodes(editionId: number): Episode[] | undefined {
  return peekCached<Episode[]>(episodesKey(editionId));
}

export async function findEpisode(db: Database, editionId: number, id: number): Promise<Episode | null> {
  return firstRow(
    db
      .select()
      .from(episodes)
      .where(and(eq(episodes.editionId, editionId), eq(episodes.id, id))),
  );
}

export async function findEpisodeById(db: Database, id: number): Promise<Episode | null> {
  return firstRow(db.select().from(episodes).where(eq(episodes.id, id)));
}

export async function insertEpisode(db: Database, values: NewEpisode): Promise<Episode> {
  const [row] = await db.insert(episodes).values(values).returning();
  if (!row) throw new Error('The episode was not stored');
  return row;
}

export async function updateEpisode(db: Database, id: number, values: Partial<NewEpisode>): Promise<void> {
  await db
    .update(episodes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(episodes.id, id));
}

export async function deleteEpisode(db: Database, id: number): Promise<Episode | null> {
  const [row] = await deleteEpisodes(db, [id]);
  return row ?? null;
}

/**
 * Deletes episodes (run it in a transaction). Their listening history stays for the insights:
 * each counted download is first stamped with the title and day its episode had.
 */
export async function deleteEpisodes(db: Database, ids: readonly number[]): Promise<Episode[]> {
  if (ids.length === 0) return [];
  await db
    .update(episodeDownloads)
    .set({ deletedEpisodeTitle: episodes.title, deletedEpisodeDay: episodes.day })
    .from(episodes)
    .where(and(eq(episodes.id, episodeDownloads.episodeId), inArray(episodes.id, [...ids])));
  return db
    .delete(episodes)
    .where(inArray(episodes.id, [...ids]))
    .returning();
}
