/**
 * The site's one suppression list (docs/PRODUCT.md "Suppressed addresses", docs/decisions/0082): an
 * address that bounced for good, complained, kept deferring, or that an admin stopped, gets no
 * further e-mail of any kind, except the access e-mail it asks for itself ("Find my access"):
 * whoever asks for their links at an address proves, for that one message, that they want it.
 */
import type { SendRuleKind } from '../mail/send-rules.ts';
import { retryDelaySeconds } from '../retry-backoff.ts';

export const suppressionReasons = ['hard-bounce', 'complaint', 'soft-bounces', 'admin'] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

/** A suppression because mail to the address could not be delivered: the registrant is told, and can correct it. */
export const isBounce = (reason: SuppressionReason): boolean => reason === 'hard-bounce' || reason === 'soft-bounces';

/** How each reason reads in the admin and the outbox's skip reasons. */
export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  'hard-bounce': 'hard bounce',
  complaint: 'complaint',
  'soft-bounces': 'soft bounces',
  admin: 'stopped by an admin',
};

/** The longest detail kept (an SMTP answer or a provider's diagnostic): enough to read, never a whole log. */
export const MAX_SUPPRESSION_DETAIL = 500;

/** Soft bounces in a row after which an address is suppressed. */
export const SOFT_BOUNCES_TO_SUPPRESS = 3;

/**
 * A soft bounce counts only when the last one counted was at least this long before: the queue's
 * first backoff (domain/retry-backoff.ts). A receiver that defers every copy for a while
 * (greylisting) defers the several copies due at once together, and that is one deferral, not three.
 */
export const SOFT_BOUNCE_SPACING_SECONDS = retryDelaySeconds(1, Infinity);

export function boundedDetail(detail: string): string {
  const oneLine = detail.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_SUPPRESSION_DETAIL ? `${oneLine.slice(0, MAX_SUPPRESSION_DETAIL - 1)}…` : oneLine;
}

/** The one message a suppressed address still receives: the access links it asked for itself. */
export function sendsDespiteSuppression(rule: SendRuleKind | null): boolean {
  return rule === 'access-request';
}

/** A suppression in force, as the outbox and the admin name it. */
export interface ActiveSuppression {
  reason: SuppressionReason;
  since: Date;
}

/** "2026-11-28": the day a suppression started, as the outbox's skip reason says it. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The outbox's skip reason: "Suppressed: hard bounce since 2026-11-28". */
export function suppressedSkipReason(suppression: ActiveSuppression): string {
  return `Suppressed: ${SUPPRESSION_REASON_LABELS[suppression.reason]} since ${dayOf(suppression.since)}`;
}
