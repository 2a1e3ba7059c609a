/**
 * What a mail provider tells the site about an e-mail it sent (docs/PRODUCT.md "Suppressed
 * addresses", docs/decisions/0086): each provider's own notification (src/server/mail-feedback/
 * providers) is read into this one shape, and one handler applies it.
 */

/** The providers whose notifications `POST /api/webhooks/mail/{provider}` accepts. */
export const mailProviders = ['ses', 'postmark', 'mailgun', 'sendgrid', 'resend'] as const;
export type MailProvider = (typeof mailProviders)[number];

export function isMailProvider(value: string): value is MailProvider {
  return (mailProviders as readonly string[]).includes(value);
}

/** A hard bounce suppresses; a soft bounce counts towards three in a row; a complaint unsubscribes and suppresses. */
export type FeedbackKind = 'hard-bounce' | 'soft-bounce' | 'complaint';

export interface MailFeedback {
  kind: FeedbackKind;
  /** The provider's own id of this event: one seen before is a replay and changes nothing. */
  eventId: string;
  address: string;
  /** The provider's id of the message it is about (for the log and the suppression's detail). */
  messageId: string;
  at: Date;
  /** The provider's diagnostic, as the suppression's detail. */
  detail: string;
}

/**
 * A notification older than this is refused: its id may have been forgotten (the seen ids are kept
 * this long), so it could not be told from a replay. Providers retry for at most a few days.
 */
export const MAX_FEEDBACK_AGE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the event happened within the age the site still accepts (a little clock skew ahead allowed). */
export function isRecentFeedback(at: Date, now: Date): boolean {
  const age = now.getTime() - at.getTime();
  return Number.isFinite(age) && age <= MAX_FEEDBACK_AGE_DAYS * DAY_MS && age >= -DAY_MS;
}

/** The detail kept with a suppression: who said it, about which message, and why. */
export function feedbackDetail(provider: MailProvider, feedback: MailFeedback): string {
  const why = feedback.detail ? `: ${feedback.detail}` : '';
  return `${provider} ${feedback.kind} (message ${feedback.messageId || 'unknown'})${why}`;
}

/**
 * A notification the site refuses, with the status that says why: 400 a malformed body, 401 a
 * missing or wrong signature or password, 403 a topic that is not ours. It changes nothing.
 */
export class RefusedNotification extends Error {
  readonly status: 400 | 401 | 403;
  constructor(status: 400 | 401 | 403, message: string) {
    super(message);
    this.status = status;
  }
}
