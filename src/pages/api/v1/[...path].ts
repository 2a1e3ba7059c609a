/** /api/v1/…: the API for scripts and other checkouts (docs/API.md); src/server/api/router.ts. */
import type { APIRoute } from 'astro';
import { answerApiRequest } from '../../../server/api/router.ts';
import { requestNow } from '../../../server/clock.ts';
import { getDatabase } from '../../../server/db/index.ts';
import { clientAddress } from '../../../server/http/request-origin.ts';

export const ALL: APIRoute = async ({ request, locals, clientAddress: socketAddress }) =>
  answerApiRequest(request, {
    handle: await getDatabase(),
    rateLimit: locals.config.API_RATE_LIMIT,
    clientAddress: clientAddress(request, socketAddress),
    now: requestNow(request),
  });
