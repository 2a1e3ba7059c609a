/**
 * SendGrid's signed Event Webhook (docs/decisions/0086): an ECDSA P-256 signature (base64 DER) over
 * the X-Twilio-Email-Event-Webhook-Timestamp header followed by the raw body, verified with the
 * verification key the host copies from SendGrid (base64 of the public key), as the official
 * @sendgrid/eventwebhook helper does. The body is a batch of events: a bounce suppresses (a
 * "blocked" one counts as a soft bounce), a spam report unsubscribes; others change nothing.
 */
import { createPublicKey, verify } from 'node:crypto';
import { z } from 'zod';
import { RefusedNotification, type FeedbackKind, type MailFeedback } from '../../../domain/mail-feedback/feedback.ts';
import { parsedBody, providerTime, type FeedbackProvider } from './provider.ts';

const events = z.array(
  z.object({
    email: z.string(),
    timestamp: z.number(),
    event: z.string(),
    sg_event_id: z.string(),
    sg_message_id: z.string().default(''),
    type: z.string().optional(),
    reason: z.string().optional(),
    status: z.string().optional(),
  }),
);

function kindOf(event: { event: string; type?: string | undefined }): FeedbackKind | null {
  if (event.event === 'spamreport') return 'complaint';
  if (event.event !== 'bounce') return null;
  return event.type === 'blocked' ? 'soft-bounce' : 'hard-bounce';
}

function signedBySendGrid(raw: Buffer, headers: Headers, publicKey: string): boolean {
  const signature = headers.get('x-twilio-email-event-webhook-signature');
  const timestamp = headers.get('x-twilio-email-event-webhook-timestamp');
  if (!signature || !timestamp) return false;
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return verify('sha256', Buffer.concat([Buffer.from(timestamp), raw]), key, Buffer.from(signature, 'base64'));
  } catch {
    // A key that is not one (a setting pasted wrong) verifies nothing.
    return false;
  }
}

export const sendgrid: FeedbackProvider = {
  settings: 'SENDGRID_WEBHOOK_PUBLIC_KEY',
  configured: (config) => Boolean(config.SENDGRID_WEBHOOK_PUBLIC_KEY),
  async read({ raw, headers }, config) {
    if (!signedBySendGrid(raw, headers, config.SENDGRID_WEBHOOK_PUBLIC_KEY ?? ''))
      throw new RefusedNotification(401, 'The signature is missing or does not match.');
    return parsedBody(raw, events).flatMap((event): MailFeedback[] => {
      const kind = kindOf(event);
      if (!kind) return [];
      const detail = [event.status, event.reason].filter(Boolean).join(' ');
      return [
        {
          kind,
          eventId: event.sg_event_id,
          address: event.email,
          messageId: event.sg_message_id,
          at: providerTime(event.timestamp),
          detail,
        },
      ];
    });
  },
};
