/**
 * Which copy a provider's notification is about, so the deliverability figures count it against its
 * message (docs/decisions/0089). Providers name a message by their own ids (Postmark, SendGrid,
 * Resend, SES) or by its Message-ID header (Mailgun): the site's Message-ID is stable per copy
 * (mail/compose.ts stableMessageId), so a header names its copy exactly; otherwise the copy is the
 * latest one accepted for that address before the event, which is the one a bounce or a complaint
 * follows. The copy keeps the worst it was told (a complaint outweighs a bounce).
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { outweighs, type MailFeedbackKind } from '../../domain/mail/deliverability.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const CLOCK_GRACE_MS = 10 * 60_000;

/** "<m12.r34.pay-5@summit.example>" → the copy's stable local part; null for a provider's own id. */
function ownLocalPart(messageId: string): string | null {
  const match = /^<?([A-Za-z0-9.]+)@[^<>@\s]+>?$/.exec(messageId.trim());
  return match ? match[1]! : null;
}

/** The copy the header names, by what its Message-ID is made of (its id, or its dedupe key with separators as dots). */
async function copyNamed(tx: Transaction, local: string): Promise<{ id: number; feedback: MailFeedbackKind | null } | null> {
  const byId = /^outbox\.(\d+)$/.exec(local);
  // A scheduled or event copy's key starts "m{message}:r{registrant}": those two narrow the search to
  // the message's index before its key is compared.
  const byKey = /^m(\d+)\.r(\d+)(?:\.|$)/.exec(local);
  if (!byId && !byKey) return null;
  const [row] = await tx
    .select({ id: mailOutbox.id, feedback: mailOutbox.feedback })
    .from(mailOutbox)
    .where(
      byId
        ? eq(mailOutbox.id, Number(byId[1]))
        : and(
            eq(mailOutbox.editionMessageId, Number(byKey![1])),
            eq(mailOutbox.registrantId, Number(byKey![2])),
            eq(sql`regexp_replace(${mailOutbox.dedupeKey}, '[^a-zA-Z0-9]+', '.', 'g')`, local),
          ),
    )
    .limit(1);
  return row ?? null;
}

async function latestAcceptedCopy(tx: Transaction, address: string, at: Date) {
  const [row] = await tx
    .select({ id: mailOutbox.id, feedback: mailOutbox.feedback })
    .from(mailOutbox)
    // A few minutes' grace: the provider's clock and ours may differ.
    .where(
      and(
        eq(sql`lower(${mailOutbox.to})`, address),
        eq(mailOutbox.status, 'sent'),
        lte(mailOutbox.sentAt, new Date(at.getTime() + CLOCK_GRACE_MS)),
      ),
    )
    .orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.id))
    .limit(1);
  return row ?? null;
}

/** Marks the copy the notification is about with what it says, unless the copy was told worse; false when no copy is found. */
export async function markCopyFeedback(
  tx: Transaction,
  { address, messageId, kind, at }: { address: string; messageId: string; kind: MailFeedbackKind; at: Date },
): Promise<boolean> {
  const local = ownLocalPart(messageId);
  const copy = (local && (await copyNamed(tx, local))) || (await latestAcceptedCopy(tx, address, at));
  if (!copy) return false;
  if (outweighs(kind, copy.feedback)) await tx.update(mailOutbox).set({ feedback: kind, feedbackAt: at }).where(eq(mailOutbox.id, copy.id));
  return true;
}
