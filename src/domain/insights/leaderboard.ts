/**
 * The speakers' leaderboard (decision 0038): each share link's registrations, listeners, passes
 * and revenue, ranked. Registrations rank first (bringing people is what a share link is for),
 * then listeners, then passes; links equal on all three share a place ("1, 2, 2, 4"), and are
 * listed by name.
 */
import type { Revenue } from './revenue.ts';

export interface ReferrerNumbers {
  linkId: number;
  code: string;
  name: string;
  registrations: number;
  listeners: number;
  passes: number;
  revenue: Revenue[];
}

export interface LeaderboardRow extends ReferrerNumbers {
  place: number;
}

function compare(a: ReferrerNumbers, b: ReferrerNumbers): number {
  return b.registrations - a.registrations || b.listeners - a.listeners || b.passes - a.passes;
}

export function rankReferrers(rows: readonly ReferrerNumbers[]): LeaderboardRow[] {
  const sorted = [...rows].sort((a, b) => compare(a, b) || a.name.localeCompare(b.name) || a.linkId - b.linkId);
  const ranked: LeaderboardRow[] = [];
  sorted.forEach((row, index) => {
    const previous = ranked[index - 1];
    const place = previous && compare(previous, row) === 0 ? previous.place : index + 1;
    ranked.push({ ...row, place });
  });
  return ranked;
}

/** A link's place, and how many links are on the board; null when the link is not on it. */
export function placeOf(board: readonly LeaderboardRow[], linkId: number): { place: number; of: number } | null {
  const row = board.find((entry) => entry.linkId === linkId);
  return row ? { place: row.place, of: board.length } : null;
}
