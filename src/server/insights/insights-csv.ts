/**
 * The insights' CSV exports (decision 0038), with the exact columns the issue names, through
 * the one CSV cell policy (src/server/csv/spreadsheet-csv.ts: formula starts quoted, byte order mark).
 */
import type { Edition } from '../../domain/edition.ts';
import { revenueCell } from '../../domain/insights/revenue.ts';
import type { Database } from '../db/client.ts';
import { csvDownload, spreadsheetCsv } from '../csv/spreadsheet-csv.ts';
import { requestNow } from '../clock.ts';
import { getDatabase } from '../db/index.ts';
import { readEdition } from '../editions/read-edition.ts';
import { leaderboard } from './insights-queries.ts';
import { listeningPerEpisode } from './listening-source.ts';

export const EPISODES_CSV_COLUMNS = ['episode_id', 'title', 'day', 'downloads', 'listeners'] as const;
export const REFERRERS_CSV_COLUMNS = ['code', 'name', 'registrations', 'listeners', 'passes', 'revenue'] as const;

export async function episodesCsv(db: Database, editionId: number): Promise<string> {
  const rows = await listeningPerEpisode(db, editionId);
  return spreadsheetCsv(
    EPISODES_CSV_COLUMNS,
    rows.map((row) => ({
      episode_id: String(row.episodeId),
      title: row.title,
      day: String(row.day),
      downloads: String(row.downloads),
      listeners: String(row.listeners),
    })),
  );
}

/** The share links in leaderboard order; revenue a plain number when all passes share one currency. */
export async function referrersCsv(db: Database, edition: Pick<Edition, 'id' | 'slug'>): Promise<string> {
  const board = await leaderboard(db, edition);
  return spreadsheetCsv(
    REFERRERS_CSV_COLUMNS,
    board.map((row) => ({
      code: row.code,
      name: row.name,
      registrations: String(row.registrations),
      listeners: String(row.listeners),
      passes: String(row.passes),
      revenue: revenueCell(row.revenue),
    })),
  );
}

/** The export of `?edition={slug}` as a download; null when no edition has the slug (the page answers 404). */
export async function insightsCsvAnswer({
  url,
  request,
  what,
}: {
  url: URL;
  request: Request;
  what: 'episodes' | 'referrers';
}): Promise<Response | null> {
  const { db } = await getDatabase();
  const edition = await readEdition(db, url.searchParams.get('edition') ?? '', { fresh: true });
  if (!edition) return null;
  const csv = what === 'episodes' ? await episodesCsv(db, edition.id) : await referrersCsv(db, edition);
  const day = requestNow(request).toISOString().slice(0, 10);
  return csvDownload(csv, `${what}-${edition.slug}-${day}.csv`);
}
