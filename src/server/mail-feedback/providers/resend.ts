/**
 * Resend's webhooks (docs/decisions/0086), signed by Svix: svix-id, svix-timestamp and
 * svix-signature, the Standard Webhooks scheme, verified by the `standardwebhooks` reference
 * library with the whsec_… secret (it also refuses a timestamp more than five minutes off). A
 * permanent bounce suppresses, a transient one counts, a complaint unsubscribes.
 */
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { RefusedNotification, type FeedbackKind } from '../../../domain/mail-feedback/feedback.ts';
import { parsedBody, providerTime, type FeedbackProvider } from './provider.ts';

const event = z.object({
  type: z.string(),
  created_at: z.string(),
  data: z.object({
    email_id: z.string().default(''),
    to: z.array(z.string()).default([]),
    bounce: z.object({ type: z.string().optional(), subType: z.string().optional(), message: z.string().optional() }).optional(),
  }),
});

function kindOf(type: string, bounceType: string | undefined): FeedbackKind | null {
  if (type === 'email.complained') return 'complaint';
  if (type !== 'email.bounced') return null;
  return bounceType === 'Permanent' ? 'hard-bounce' : 'soft-bounce';
}

function verified(raw: Buffer, headers: Headers, secret: string): void {
  const svix = (name: string) => headers.get(`svix-${name}`) ?? '';
  try {
    new Webhook(secret).verify(raw.toString(), {
      'webhook-id': svix('id'),
      'webhook-timestamp': svix('timestamp'),
      'webhook-signature': svix('signature'),
    });
  } catch {
    throw new RefusedNotification(401, 'The signature is missing, does not match, or is too old.');
  }
}

export const resend: FeedbackProvider = {
  settings: 'RESEND_WEBHOOK_SECRET',
  configured: (config) => Boolean(config.RESEND_WEBHOOK_SECRET),
  async read({ raw, headers }, config) {
    verified(raw, headers, config.RESEND_WEBHOOK_SECRET ?? '');
    const { type, created_at: createdAt, data } = parsedBody(raw, event);
    const kind = kindOf(type, data.bounce?.type);
    if (!kind) return [];
    const id = headers.get('svix-id') ?? '';
    const detail = [data.bounce?.subType, data.bounce?.message].filter(Boolean).join(': ');
    return data.to.map((address) => ({
      kind,
      eventId: `${id}:${address}`,
      address,
      messageId: data.email_id,
      at: providerTime(createdAt),
      detail,
    }));
  },
};
