/**
 * Applies what a mail provider reported (docs/decisions/0086), each event in a transaction of its
 * own: a hard bounce suppresses the address; a soft bounce counts towards three in a row; a
 * complaint suppresses it and unsubscribes every registrant at that address from the optional
 * mail. A suppression for a bounce is `email.bounced` and a complaint `email.complained`, one per
 * registrant at the address, for the signed webhooks and the list sync. An event seen before (a
 * replay), one too old to tell from a replay, and one about an address the site never mailed change
 * nothing.
 */
import { lt, sql } from 'drizzle-orm';
import { normalisedEmail } from '../../domain/email-address.ts';
import {
  feedbackDetail,
  isRecentFeedback,
  MAX_FEEDBACK_AGE_DAYS,
  type MailFeedback,
  type MailProvider,
} from '../../domain/mail-feedback/feedback.ts';
import type { Database } from '../db/client.ts';
import { mailFeedbackSeen } from '../db/schema.ts';
import { setUnsubscribedIn } from '../mail/unsubscribe.ts';
import { markCopyFeedback } from './copy-feedback.ts';
import { countSoftBounce, suppressAddress } from '../suppression/suppression-list.ts';
import { recordAddressEvent } from '../webhooks/registrant-events.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type FeedbackResult = 'suppressed' | 'unsubscribed' | 'counted' | 'already-suppressed' | 'replayed' | 'too-old' | 'unknown-address';

/** The registrants at this address (one per edition), or none when the site never mailed it. */
async function registrantsAt(tx: Transaction, address: string): Promise<number[] | null> {
  const result = await tx.execute(sql`select id from registrants where email = ${address} order by id`);
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  if (ids.length) return ids;
  // An ad hoc e-mail (an admin's test) goes to an address no registrant has.
  const mailed = await tx.execute(sql`select 1 from mail_outbox where lower("to") = ${address} limit 1`);
  return (mailed as unknown as { rows: unknown[] }).rows.length ? [] : null;
}

/** Whether this is the first time the event is seen; the id is kept either way. */
async function firstSeen(
  tx: Transaction,
  { provider, eventId, now }: { provider: MailProvider; eventId: string; now: Date },
): Promise<boolean> {
  const rows = await tx.insert(mailFeedbackSeen).values({ provider, eventId, seenAt: now }).onConflictDoNothing().returning();
  return rows.length > 0;
}

async function applyOne(
  tx: Transaction,
  { provider, feedback, now }: { provider: MailProvider; feedback: MailFeedback; now: Date },
): Promise<FeedbackResult> {
  const address = normalisedEmail(feedback.address);
  const registrantIds = await registrantsAt(tx, address);
  if (!registrantIds) return 'unknown-address';
  if (!(await firstSeen(tx, { provider, eventId: feedback.eventId, now }))) return 'replayed';
  // Counted against the message it is about (docs/decisions/0089).
  await markCopyFeedback(tx, { address, messageId: feedback.messageId, kind: feedback.kind, at: feedback.at });
  const detail = feedbackDetail(provider, feedback);
  if (feedback.kind === 'complaint') {
    const added = await suppressAddress(tx, { address, reason: 'complaint', detail, now });
    for (const registrantId of registrantIds) await setUnsubscribedIn(tx, { registrantId, unsubscribed: true, now, source: 'complaint' });
    await recordAddressEvent(tx, { type: 'email.complained', address, now, data: { provider } });
    return added ? 'suppressed' : 'unsubscribed';
  }
  const suppressed =
    feedback.kind === 'hard-bounce'
      ? await suppressAddress(tx, { address, reason: 'hard-bounce', detail, now })
      : await countSoftBounce(tx, { address, detail, now });
  if (!suppressed) return feedback.kind === 'hard-bounce' ? 'already-suppressed' : 'counted';
  const reason = feedback.kind === 'hard-bounce' ? 'hard-bounce' : 'soft-bounces';
  await recordAddressEvent(tx, { type: 'email.bounced', address, now, data: { provider, reason } });
  return 'suppressed';
}

/** Applies each event; returns what became of each, in order. */
export async function applyMailFeedback(
  db: Database,
  { provider, feedback, now }: { provider: MailProvider; feedback: readonly MailFeedback[]; now: Date },
): Promise<FeedbackResult[]> {
  // The ids are kept as long as an event may be accepted at all, so the table stays bounded.
  await db.delete(mailFeedbackSeen).where(lt(mailFeedbackSeen.seenAt, new Date(now.getTime() - MAX_FEEDBACK_AGE_DAYS * 86_400_000)));
  const results: FeedbackResult[] = [];
  for (const one of feedback) {
    if (!isRecentFeedback(one.at, now)) results.push('too-old');
    else results.push(await db.transaction((tx) => applyOne(tx, { provider, feedback: one, now })));
  }
  return results;
}
