/** GET /admin/insights/referrers.csv?edition={slug}: each share link's registrations, listeners, passes and revenue (decision 0038). */
import type { APIRoute } from 'astro';
import { insightsCsvAnswer } from '../../../server/insights/insights-csv.ts';

export const GET: APIRoute = async ({ url, request, rewrite }) =>
  (await insightsCsvAnswer({ url, request, what: 'referrers' })) ?? rewrite('/404');
