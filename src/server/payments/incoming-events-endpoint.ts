/**
 * POST /api/webhooks/payments: the payment provider's signed events coming in (Stripe's scheme). The raw
 * body is read with a size limit, the signature verified over it, and only then parsed. A bad or
 * missing signature is a 400 and changes nothing; with no PAYMENT_WEBHOOK_SECRET every event is
 * refused (503) so nothing can be granted by an unsigned request.
 */
import { BODY_LIMITS } from '../../domain/body-limits.ts';
import { announceAccessChange } from '../access/access-events.ts';
import { requestNow } from '../clock.ts';
import { getDatabase } from '../db/index.ts';
import { BodyError, readBytesLimited } from '../http/body.ts';
import { json, jsonError } from '../http/responses.ts';
import { log } from '../log.ts';
import { applyPaymentEvent, SignatureError, verifyEvent, type VerifiedEvent } from './incoming-events.ts';

/** The outcomes that change a registrant's passes (the others change nothing). */
const PASS_CHANGES = new Set(['granted', 'taken-back', 'restored', 'dispute-lost']);

/** The verified event, or the answer that refuses the request. */
async function verifiedEvent(request: Request, secret: string): Promise<VerifiedEvent | Response> {
  try {
    const raw = await readBytesLimited(request, BODY_LIMITS.paymentWebhook.bytes);
    return verifyEvent(raw, request.headers.get('stripe-signature'), secret);
  } catch (error) {
    if (error instanceof BodyError) return jsonError(error.status, error.message);
    if (!(error instanceof SignatureError)) throw error;
    log.warn('payment webhook: signature refused');
    return jsonError(400, error.message);
  }
}

export async function answerPaymentWebhook(request: Request, secret: string | undefined): Promise<Response> {
  if (!secret)
    return jsonError(503, 'Payments are not configured on this site (PAYMENT_WEBHOOK_SECRET is not set), so no event is accepted.');
  const event = await verifiedEvent(request, secret);
  if (event instanceof Response) return event;
  const handle = await getDatabase();
  const outcome = await applyPaymentEvent(handle.db, event, requestNow(request));
  // A pass granted, taken back or restored is an access change: every process forgets the registrant it remembered.
  if (PASS_CHANGES.has(outcome.result)) await announceAccessChange(handle);
  log.info({ eventType: event.type, result: outcome.result }, 'payment webhook');
  return json(200, { received: true, ...outcome });
}
