/** /api/v1/…: the API for scripts and other checkouts (docs/API.md); src/server/api/router.ts. */
import type { APIRoute } from 'astro';
import { answerApiRequest } from '../../../server/api/router.ts';
import { requestNow } from '../../../server/clock.ts';
import { getDatabase } from '../../../server/db/index.ts';

export const ALL: APIRoute = async ({ request, locals }) =>
  answerApiRequest(request, { handle: await getDatabase(), rateLimit: locals.config.API_RATE_LIMIT, now: requestNow(request) });
