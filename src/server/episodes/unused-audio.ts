/**
 * Removing stored episode files once no episode names them. Every path that stops an episode
 * naming its file (deleting the episode or its edition, replacing its audio, an import leaving
 * it out) calls this after its transaction commits: a rolled-back change keeps its files, and a
 * file another episode still names stays (each episode has a file of its own since decision
 * 0052, but an installation from before may hold files two episodes share).
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { episodes } from '../db/schema.ts';
import { log } from '../log.ts';
import { removeAudio } from './audio-store.ts';

export async function removeUnusedAudio(db: Database, keys: readonly (string | null)[]): Promise<void> {
  const candidates = [...new Set(keys.filter((key): key is string => key !== null))];
  if (!candidates.length) return;
  const named = await db.select({ key: episodes.audioKey }).from(episodes).where(inArray(episodes.audioKey, candidates));
  const stillNamed = new Set(named.map((row) => row.key));
  for (const key of candidates) {
    if (stillNamed.has(key)) continue;
    // The change is committed already: a file the storage fails to remove is only space, not an error to show.
    await removeAudio(key).catch((error: unknown) => log.warn({ err: error, key }, 'an unused episode file could not be removed'));
  }
}
