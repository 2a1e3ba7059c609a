/**
 * Postmark's Bounce and Spam Complaint webhooks (docs/decisions/0086): basic auth with the user and
 * password the host put in the webhook's URL, and one JSON record per request. A hard bounce (or a
 * bad address) suppresses; a soft bounce, a transient failure or a DNS error counts; other records
 * (deliveries, opens) change nothing.
 */
import { z } from 'zod';
import { RefusedNotification, type FeedbackKind, type MailFeedback } from '../../../domain/mail-feedback/feedback.ts';
import { parsedBody, providerTime, sameSecret, type FeedbackProvider } from './provider.ts';

const BOUNCE_KINDS: Record<string, FeedbackKind> = {
  HardBounce: 'hard-bounce',
  BadEmailAddress: 'hard-bounce',
  SoftBounce: 'soft-bounce',
  Transient: 'soft-bounce',
  DnsError: 'soft-bounce',
  SpamComplaint: 'complaint',
};

const record = z.object({
  RecordType: z.string(),
  ID: z.union([z.number(), z.string()]).optional(),
  Type: z.string().optional(),
  MessageID: z.string().default(''),
  Email: z.string().optional(),
  BouncedAt: z.string().optional(),
  Description: z.string().default(''),
  Details: z.string().default(''),
});

/** The user and password of an `Authorization: Basic` header, or null. */
function basicCredentials(header: string | null): { user: string; password: string } | null {
  const encoded = /^Basic\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString();
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export const postmark: FeedbackProvider = {
  settings: 'POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD',
  configured: (config) => Boolean(config.POSTMARK_WEBHOOK_USER && config.POSTMARK_WEBHOOK_PASSWORD),
  async read({ raw, headers }, config) {
    const given = basicCredentials(headers.get('authorization'));
    const userMatches = sameSecret(given?.user ?? '', config.POSTMARK_WEBHOOK_USER ?? '');
    const passwordMatches = sameSecret(given?.password ?? '', config.POSTMARK_WEBHOOK_PASSWORD ?? '');
    if (!given || !userMatches || !passwordMatches)
      throw new RefusedNotification(401, 'The webhook’s user and password are missing or wrong.');
    const body = parsedBody(raw, record);
    const kind = body.RecordType === 'Bounce' || body.RecordType === 'SpamComplaint' ? BOUNCE_KINDS[body.Type ?? ''] : undefined;
    if (!kind) return [];
    if (body.ID === undefined || !body.Email || !body.BouncedAt)
      throw new RefusedNotification(400, 'The record has no ID, Email or BouncedAt.');
    const feedback: MailFeedback = {
      kind,
      eventId: String(body.ID),
      address: body.Email,
      messageId: body.MessageID,
      at: providerTime(body.BouncedAt),
      detail: [body.Description, body.Details].filter(Boolean).join(' '),
    };
    return [feedback];
  },
};
