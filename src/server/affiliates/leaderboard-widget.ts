/** The affiliates' leaderboard widget (decision 0066): the insights' leaderboard reduced to names and registrations. */
import { leaderboardWidgetLines } from '../../domain/affiliates/leaderboard-widget.ts';
import type { Edition } from '../../domain/edition.ts';
import type { LeaderboardWidgetEntry } from '../../domain/embed-page.ts';
import type { Database } from '../db/client.ts';
import { leaderboard } from '../insights/insights-queries.ts';

export async function leaderboardWidgetEntries(db: Database, edition: Pick<Edition, 'id' | 'slug'>): Promise<LeaderboardWidgetEntry[]> {
  const board = await leaderboard(db, edition);
  return leaderboardWidgetLines(board.map((row) => ({ name: row.name, registrations: row.registrations })));
}
