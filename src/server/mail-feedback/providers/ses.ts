/**
 * Amazon SES's bounce and complaint notifications, delivered by Amazon SNS (docs/decisions/0086).
 * Every SNS message is verified as SNS documents: the topic must be SES_SNS_TOPIC_ARN, the
 * certificate is fetched only from an sns.<region>.amazonaws.com SigningCertURL, and the signature
 * (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA) is checked over the message's fields in their
 * documented order. A signed SubscriptionConfirmation is confirmed by visiting its SubscribeURL
 * (an amazonaws.com address too). A Notification carries SES's own JSON: a permanent bounce
 * suppresses, a transient one counts, a complaint unsubscribes, each recipient on its own.
 */
import { createVerify, X509Certificate } from 'node:crypto';
import { z } from 'zod';
import { RefusedNotification, type FeedbackKind, type MailFeedback } from '../../../domain/mail-feedback/feedback.ts';
import { log } from '../../log.ts';
import { parsedBody, providerTime, type FeedbackProvider, type ReaderReach } from './provider.ts';

const snsMessage = z.object({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
  MessageId: z.string(),
  TopicArn: z.string(),
  Message: z.string(),
  Timestamp: z.string(),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string(),
  SigningCertURL: z.string(),
  Subject: z.string().optional(),
  SubscribeURL: z.string().optional(),
  Token: z.string().optional(),
});
type SnsMessage = z.infer<typeof snsMessage>;

const recipient = z.object({ emailAddress: z.string(), diagnosticCode: z.string().optional(), status: z.string().optional() });
const sesEvent = z.object({
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  mail: z.object({ messageId: z.string().default('') }),
  bounce: z
    .object({ bounceType: z.string(), bounceSubType: z.string().default(''), bouncedRecipients: z.array(recipient), timestamp: z.string() })
    .optional(),
  complaint: z
    .object({ complainedRecipients: z.array(recipient), timestamp: z.string(), complaintFeedbackType: z.string().optional() })
    .optional(),
});

/** The only addresses certificates and subscription links come from (production's policy). */
export function isAmazonSnsUrl(url: URL): boolean {
  return url.protocol === 'https:' && /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(url.hostname);
}

/** The fields SNS signs, in the order it documents, each as "Name\nvalue\n". */
function stringToSign(message: SnsMessage): string {
  const fields =
    message.Type === 'Notification'
      ? (['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const)
      : (['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const);
  return fields.flatMap((name) => (message[name] === undefined ? [] : [`${name}\n${message[name]}\n`])).join('');
}

/** Certificates by URL: SNS signs with a few, and fetching one per notification would be slow. */
const certificates = new Map<string, string>();
const MAX_CERTIFICATES = 16;

function allowedUrl(value: string | undefined, reach: ReaderReach, what: string): URL {
  const url = URL.canParse(value ?? '') ? new URL(value ?? '') : null;
  if (!url || !reach.snsUrlAllowed(url)) throw new RefusedNotification(401, `The ${what} is not an Amazon SNS address.`);
  return url;
}

async function certificateAt(url: URL, reach: ReaderReach): Promise<string> {
  const known = certificates.get(url.href);
  if (known) return known;
  const response = await reach.fetch(url, { signal: AbortSignal.timeout(5000), redirect: 'error' }).catch(() => null);
  const pem = response?.ok ? await response.text() : null;
  if (!pem) throw new RefusedNotification(401, 'The signing certificate could not be fetched.');
  if (certificates.size >= MAX_CERTIFICATES) certificates.clear();
  certificates.set(url.href, pem);
  return pem;
}

function signatureMatches(message: SnsMessage, pem: string): boolean {
  try {
    const key = new X509Certificate(pem).publicKey;
    return createVerify(message.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256')
      .update(stringToSign(message))
      .verify(key, message.Signature, 'base64');
  } catch {
    // A certificate that cannot be read verifies nothing.
    return false;
  }
}

async function verifySignature(message: SnsMessage, reach: ReaderReach): Promise<void> {
  const pem = await certificateAt(allowedUrl(message.SigningCertURL, reach, 'signing certificate'), reach);
  const valid = signatureMatches(message, pem);
  if (!valid) throw new RefusedNotification(401, 'The SNS signature does not match.');
}

function feedbackOf(message: SnsMessage): MailFeedback[] {
  const event = parsedBody(message.Message, sesEvent);
  const type = event.notificationType ?? event.eventType;
  const perRecipient = (kind: FeedbackKind, { list, at, detail }: { list: z.infer<typeof recipient>[]; at: string; detail: string }) =>
    list.map((one) => ({
      kind,
      eventId: `${message.MessageId}:${one.emailAddress}`,
      address: one.emailAddress,
      messageId: event.mail.messageId,
      at: providerTime(at),
      detail: one.diagnosticCode ?? detail,
    }));
  if (type === 'Bounce' && event.bounce) {
    const { bounceType, bounceSubType, bouncedRecipients, timestamp } = event.bounce;
    if (bounceType === 'Undetermined') return [];
    const kind = bounceType === 'Permanent' ? 'hard-bounce' : 'soft-bounce';
    return perRecipient(kind, { list: bouncedRecipients, at: timestamp, detail: `${bounceType} ${bounceSubType}` });
  }
  if (type === 'Complaint' && event.complaint) {
    const { complainedRecipients, timestamp, complaintFeedbackType } = event.complaint;
    return perRecipient('complaint', { list: complainedRecipients, at: timestamp, detail: complaintFeedbackType ?? '' });
  }
  return [];
}

export const ses: FeedbackProvider = {
  settings: 'SES_SNS_TOPIC_ARN',
  configured: (config) => Boolean(config.SES_SNS_TOPIC_ARN),
  async read({ raw }, config, reach) {
    const message = parsedBody(raw, snsMessage);
    if (message.TopicArn !== config.SES_SNS_TOPIC_ARN) throw new RefusedNotification(403, 'The message is from another SNS topic.');
    await verifySignature(message, reach);
    if (message.Type === 'Notification') return feedbackOf(message);
    if (message.Type === 'SubscriptionConfirmation') {
      const subscribe = allowedUrl(message.SubscribeURL, reach, 'subscription link');
      const response = await reach.fetch(subscribe, { signal: AbortSignal.timeout(5000), redirect: 'error' }).catch(() => null);
      if (!response?.ok)
        throw new RefusedNotification(400, 'The subscription could not be confirmed; SNS will send the confirmation again.');
      log.info({ topic: message.TopicArn }, 'mail feedback: SNS subscription confirmed');
    }
    return [];
  },
};
