/**
 * The public leaderboard widget's lines (decision 0066): affiliates ranked by the registrations
 * they brought, equals sharing a place, those with none left out. Names and counts only: the
 * widget is framed on partners' sites, so it carries no money and no address.
 */
import type { LeaderboardWidgetEntry } from '../embed-page.ts';

export const LEADERBOARD_WIDGET_SIZE = 20;

export function leaderboardWidgetLines(rows: readonly { name: string; registrations: number }[]): LeaderboardWidgetEntry[] {
  const sorted = rows
    .filter((row) => row.registrations > 0)
    .sort((a, b) => b.registrations - a.registrations || a.name.localeCompare(b.name));
  const lines: LeaderboardWidgetEntry[] = [];
  sorted.forEach((row, index) => {
    const previous = lines[index - 1];
    const place = previous && previous.registrations === row.registrations ? previous.place : index + 1;
    lines.push({ place, name: row.name, registrations: row.registrations });
  });
  return lines.slice(0, LEADERBOARD_WIDGET_SIZE);
}
