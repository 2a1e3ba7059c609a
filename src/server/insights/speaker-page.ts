/**
 * A speaker's own page (decision 0038), at the private link the admin gives them
 * (speaker-page-keys.ts): their share link, the registrations and listeners it brought so far, and
 * their place on the edition's leaderboard (the same ranking the admin sees).
 */
import { eq } from 'drizzle-orm';
import type { SpeakerPageData } from '../../domain/attribution/speaker-page.ts';
import { placeOf } from '../../domain/insights/leaderboard.ts';
import type { Database } from '../db/client.ts';
import { editions } from '../db/schema.ts';
import { openSpeakerPage } from '../attribution/speaker-page-keys.ts';
import { leaderboard } from './insights-queries.ts';

/** The page the key opens, or null (a wrong, re-issued or revoked link). */
export async function loadSpeakerPage(db: Database, { key, origin }: { key: string; origin: string }): Promise<SpeakerPageData | null> {
  const link = await openSpeakerPage(db, key);
  if (!link) return null;
  const [edition] = await db
    .select({ id: editions.id, slug: editions.slug, name: editions.name })
    .from(editions)
    .where(eq(editions.id, link.editionId))
    .limit(1);
  if (!edition) return null;
  const board = await leaderboard(db, edition);
  const row = board.find((entry) => entry.linkId === link.id);
  const place = placeOf(board, link.id);
  if (!row || !place) return null;
  return {
    name: row.name,
    editionName: edition.name,
    shareUrl: `${origin}/r/${row.code}`,
    registrations: row.registrations,
    listeners: row.listeners,
    place: place.place,
    of: place.of,
  };
}
