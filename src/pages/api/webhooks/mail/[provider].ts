/** POST /api/webhooks/mail/{provider}: bounces and complaints from the mail provider (src/server/mail-feedback/endpoint.ts). */
import type { APIRoute } from 'astro';
import { answerMailFeedback } from '../../../../server/mail-feedback/endpoint.ts';

export const POST: APIRoute = ({ request, params, locals }) =>
  answerMailFeedback(request, params.provider ?? '', { config: locals.config });
