/**
 * POST /api/webhooks/payments: the payment provider's signed events (Stripe's scheme). The raw
 * body is read with a size limit, the signature verified over it, and only then parsed. A bad or
 * missing signature is a 400 and changes nothing; with no PAYMENT_WEBHOOK_SECRET every event is
 * refused (503) so nothing can be granted by an unsigned request.
 */
import type { APIRoute } from 'astro';
import { announceAccessChange } from '../../../server/access/access-events.ts';
import { requestNow } from '../../../server/clock.ts';
import { getDatabase } from '../../../server/db/index.ts';
import { BodyError, readBytesLimited } from '../../../server/http/body.ts';
import { json, jsonError } from '../../../server/http/responses.ts';
import { log } from '../../../server/log.ts';
import { applyPaymentEvent, SignatureError, verifyEvent } from '../../../server/payments/webhook.ts';
import { BODY_LIMITS } from '../../../domain/body-limits.ts';

/** Stripe's events are a few KB; 256 KB leaves room without buffering anything large. */
const MAX_EVENT_BYTES = BODY_LIMITS.paymentWebhook.bytes;

/** The outcomes that change a registrant's passes (the others change nothing). */
const PASS_CHANGES = new Set(['granted', 'taken-back', 'restored']);

export const POST: APIRoute = async ({ request, locals }) => {
  const secret = locals.config.PAYMENT_WEBHOOK_SECRET;
  if (!secret)
    return jsonError(503, 'Payments are not configured on this site (PAYMENT_WEBHOOK_SECRET is not set), so no event is accepted.');
  let event;
  try {
    const raw = await readBytesLimited(request, MAX_EVENT_BYTES);
    event = verifyEvent(raw, request.headers.get('stripe-signature'), secret);
  } catch (error) {
    if (error instanceof BodyError) return jsonError(error.status, error.message);
    if (error instanceof SignatureError) {
      log.warn('payment webhook: signature refused');
      return jsonError(400, error.message);
    }
    throw error;
  }
  const handle = await getDatabase();
  const outcome = await applyPaymentEvent(handle.db, event, requestNow(request));
  // A pass granted, taken back or restored is an access change: every process forgets the registrant it remembered.
  if (PASS_CHANGES.has(outcome.result)) await announceAccessChange(handle);
  log.info({ eventType: event.type, result: outcome.result }, 'payment webhook');
  return json(200, { received: true, ...outcome });
};
