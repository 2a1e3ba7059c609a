/** GET /admin/insights/episodes.csv?edition={slug}: downloads and listeners per episode (decision 0038). */
import type { APIRoute } from 'astro';
import { insightsCsvAnswer } from '../../../server/insights/insights-csv.ts';

export const GET: APIRoute = async ({ url, request, rewrite }) =>
  (await insightsCsvAnswer({ url, request, what: 'episodes' })) ?? rewrite('/404');
