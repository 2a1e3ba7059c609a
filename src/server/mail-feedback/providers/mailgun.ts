/**
 * Mailgun's webhooks (docs/decisions/0086): the JSON body carries `signature` (timestamp, token, and
 * the HMAC-SHA256 of timestamp + token with the webhook signing key, in hex) and `event-data`. A
 * permanent failure suppresses, a temporary one counts as a soft bounce, a complaint unsubscribes;
 * other events change nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { RefusedNotification, type FeedbackKind } from '../../../domain/mail-feedback/feedback.ts';
import { parsedBody, providerTime, type FeedbackProvider } from './provider.ts';

const body = z.object({
  signature: z.object({ timestamp: z.string(), token: z.string(), signature: z.string() }),
  'event-data': z.object({
    id: z.string().optional(),
    event: z.string(),
    severity: z.string().optional(),
    timestamp: z.number(),
    recipient: z.string().optional(),
    reason: z.string().optional(),
    'delivery-status': z.object({ description: z.string().optional(), message: z.string().optional() }).optional(),
    message: z.object({ headers: z.object({ 'message-id': z.string().optional() }).optional() }).optional(),
  }),
});

function kindOf(event: { event: string; severity?: string | undefined }): FeedbackKind | null {
  if (event.event === 'complained') return 'complaint';
  if (event.event !== 'failed') return null;
  return event.severity === 'permanent' ? 'hard-bounce' : 'soft-bounce';
}

export const mailgun: FeedbackProvider = {
  settings: 'MAILGUN_WEBHOOK_SIGNING_KEY',
  configured: (config) => Boolean(config.MAILGUN_WEBHOOK_SIGNING_KEY),
  async read({ raw }, config) {
    const { signature, 'event-data': event } = parsedBody(raw, body);
    const expected = createHmac('sha256', config.MAILGUN_WEBHOOK_SIGNING_KEY ?? '')
      .update(signature.timestamp + signature.token)
      .digest();
    const given = Buffer.from(signature.signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new RefusedNotification(401, 'The signature does not match.');
    const kind = kindOf(event);
    if (!kind || !event.recipient) return [];
    const status = event['delivery-status'];
    return [
      {
        kind,
        eventId: event.id ?? signature.token,
        address: event.recipient,
        messageId: event.message?.headers?.['message-id'] ?? '',
        at: providerTime(event.timestamp),
        detail: status?.description || status?.message || event.reason || '',
      },
    ];
  },
};
