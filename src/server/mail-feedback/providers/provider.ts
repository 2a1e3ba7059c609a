/**
 * What every provider's reader is (docs/decisions/0086): given the raw body and headers of a
 * notification, it verifies it by the provider's documented scheme and reads it into the one
 * MailFeedback shape, or refuses it (RefusedNotification) so that it changes nothing.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { z } from 'zod';
import { RefusedNotification, type MailFeedback } from '../../../domain/mail-feedback/feedback.ts';
import type { Env } from '../../env.ts';

export type FeedbackSettings = Pick<
  Env,
  | 'SES_SNS_TOPIC_ARN'
  | 'POSTMARK_WEBHOOK_USER'
  | 'POSTMARK_WEBHOOK_PASSWORD'
  | 'MAILGUN_WEBHOOK_SIGNING_KEY'
  | 'SENDGRID_WEBHOOK_PUBLIC_KEY'
  | 'RESEND_WEBHOOK_SECRET'
>;

/**
 * What a reader may reach outside the request: only Amazon SNS's certificates and subscription
 * links, by a URL the policy accepts (sns.<region>.amazonaws.com). The tests put a stand-in's
 * address through an injected policy; production never relaxes it.
 */
export interface ReaderReach {
  fetch: typeof fetch;
  snsUrlAllowed(url: URL): boolean;
}

export interface IncomingNotification {
  raw: Buffer;
  headers: Headers;
  now: Date;
}

export interface FeedbackProvider {
  /** The settings it needs, as the 503 names them. */
  readonly settings: string;
  configured(config: FeedbackSettings): boolean;
  read(incoming: IncomingNotification, config: FeedbackSettings, reach: ReaderReach): Promise<MailFeedback[]>;
}

/** The body as JSON checked against the provider's documented shape; a malformed one is a 400. */
export function parsedBody<T>(raw: Buffer | string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString());
  } catch {
    throw new RefusedNotification(400, 'The body is not JSON.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new RefusedNotification(400, 'The body is not a notification this provider sends.');
  return parsed.data;
}

/** Compares two secrets in constant time, whatever their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** A time the provider wrote (ISO text or Unix seconds); an unreadable one is a malformed body. */
export function providerTime(value: string | number): Date {
  const at = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(at.getTime())) throw new RefusedNotification(400, 'The notification’s time cannot be read.');
  return at;
}
