/**
 * What a failed send means for the copy and its address (domain/suppression/smtp-answer.ts,
 * docs/decisions/0082): a hard bounce suppresses the address and the copy is not tried again; a
 * soft bounce waits the queue's backoff, and the third in a row for one address suppresses it; a
 * message refused for good fails without marking anyone; a connection that failed is retried and
 * never marks a registrant.
 */
import type { MailFeedbackKind } from '../../domain/mail/deliverability.ts';
import { smtpOutcome } from '../../domain/suppression/smtp-answer.ts';
import type { SuppressionReason } from '../../domain/suppression/suppression.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { heldBy, settleRetry, type QueuedJob } from '../outbound/queue.ts';
import { countSoftBounce, suppressAddress } from '../suppression/suppression-list.ts';
import { recordAddressEvent } from '../webhooks/registrant-events.ts';
import { normalisedEmail } from '../../domain/email-address.ts';

const MAX_ERROR = 1000;

/** A suppression for a bounce is `email.bounced` for the host's tools, as a provider's report is (docs/decisions/0086). */
async function reportBounce(db: Database, { to, reason, now }: { to: string; reason: 'hard-bounce' | 'soft-bounces'; now: Date }) {
  await recordAddressEvent(db, { type: 'email.bounced', address: normalisedEmail(to), now, data: { provider: 'smtp', reason } });
}

/** Settles a copy whose send failed; returns why its address is now suppressed by this failure, or null. */
export async function settleFailedSend(
  db: Database,
  { row, to, error }: { row: QueuedJob; to: string; error: unknown },
  retry: { now: Date; capSeconds: number; giveUp: boolean },
): Promise<SuppressionReason | null> {
  const outcome = smtpOutcome(error);
  // What the receiving server said of the copy, for the deliverability figures (docs/decisions/0089).
  const said = (feedback: MailFeedbackKind) => ({ feedback, feedbackAt: retry.now });
  const failed = async (lastError: string, feedback: MailFeedbackKind | null = null) => {
    await db
      .update(mailOutbox)
      .set({ status: 'failed', lastError: lastError.slice(0, MAX_ERROR), ...(feedback ? said(feedback) : {}) })
      .where(heldBy(mailOutbox, row));
  };
  const retryLater = (lastError: string, feedback: MailFeedbackKind | null = null) =>
    settleRetry(
      db,
      { table: mailOutbox, job: row },
      { ...retry, also: { lastError: lastError.slice(0, MAX_ERROR), ...(feedback ? said(feedback) : {}) } },
    );
  switch (outcome.kind) {
    case 'hard-bounce': {
      const added = await suppressAddress(db, { address: to, reason: 'hard-bounce', detail: outcome.detail, now: retry.now });
      await failed(`Hard bounce (the address is suppressed): ${outcome.detail}`, 'hard-bounce');
      if (added) await reportBounce(db, { to, reason: 'hard-bounce', now: retry.now });
      return added ? 'hard-bounce' : null;
    }
    case 'refused':
      await failed(`Refused by the receiving server: ${outcome.detail}`);
      return null;
    case 'soft-bounce': {
      const suppressed = await countSoftBounce(db, { address: to, detail: outcome.detail, now: retry.now });
      if (suppressed) {
        await failed(`Soft bounce, the third in a row (the address is suppressed): ${outcome.detail}`, 'soft-bounce');
        await reportBounce(db, { to, reason: 'soft-bounces', now: retry.now });
      } else await retryLater(`Soft bounce: ${outcome.detail}`, 'soft-bounce');
      return suppressed ? 'soft-bounces' : null;
    }
    case 'not-delivered':
      await retryLater(outcome.detail);
      return null;
  }
}
