/** GET /admin/affiliates/payouts.csv?edition={slug}: each affiliate's passes, revenue and commission (decision 0066). */
import type { APIRoute } from 'astro';
import { payoutsCsvAnswer } from '../../../server/affiliates/payouts-csv.ts';

export const GET: APIRoute = async ({ url, request, rewrite }) => (await payoutsCsvAnswer({ url, request })) ?? rewrite('/404');
