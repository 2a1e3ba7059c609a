/**
 * A speaker's own page (decision 0038), at the private link the admin gives them
 * (speaker-page-keys.ts): their share link, the registrations and listeners it brought so far, and
 * their place on the edition's leaderboard (the same ranking the admin sees), and their own
 * commission when the summit pays one (decision 0066). Partners' pages are the same page. It lives
 * with the affiliates, beside their own commission (own-page.ts), and reads the insights' leaderboard.
 */
import type { SpeakerPageData } from '../../domain/attribution/speaker-page.ts';
import { placeOf } from '../../domain/insights/leaderboard.ts';
import type { Database } from '../db/client.ts';
import { readEdition } from '../editions/read-edition.ts';
import { ownCommission } from './own-page.ts';
import { openSpeakerPage } from '../attribution/speaker-page-keys.ts';
import { leaderboard } from '../insights/insights-queries.ts';

/** The page the key opens, or null (a wrong, re-issued or revoked link). */
export async function loadSpeakerPage(
  db: Database,
  { key, origin, now }: { key: string; origin: string; now: Date },
): Promise<SpeakerPageData | null> {
  const link = await openSpeakerPage(db, key);
  if (!link) return null;
  const edition = await readEdition(db, { id: link.editionId }, { fresh: true });
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
    commission: await ownCommission(db, { link, edition, now }),
  };
}
