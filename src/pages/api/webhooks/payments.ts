/** POST /api/webhooks/payments: the payment provider's signed events (src/server/payments/incoming-events-endpoint.ts). */
import type { APIRoute } from 'astro';
import { answerPaymentWebhook } from '../../../server/payments/incoming-events-endpoint.ts';

export const POST: APIRoute = ({ request, locals }) => answerPaymentWebhook(request, locals.config.PAYMENT_WEBHOOK_SECRET);
