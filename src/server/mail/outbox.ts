/**
 * The mail outbox: messages are queued in the database (in the caller's transaction) and a
 * worker delivers them. Claiming uses FOR UPDATE SKIP LOCKED and a lease, so several app
 * processes on one Postgres never send the same message twice; failures retry with backoff.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { MailTransport, OutgoingMail } from './transport.ts';

const LEASE_SECONDS = 300;
const MAX_ATTEMPTS = 8;
export const MAIL_BATCH = 25;

export async function queueMail(db: Database, mail: OutgoingMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}

/** 30 s, 1 min, 2 min … capped at 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers up to one batch of what is due. Returns how many messages it claimed (a full batch
 * means more may be waiting) and how many it sent.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  from: string,
): Promise<{ claimed: number; sent: number }> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.id))
    .limit(MAIL_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();

  let sent = 0;
  for (const message of claimed) {
    try {
      await transport.send(message, from);
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, message.id));
      sent += 1;
    } catch (error) {
      const giveUp = message.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(message.attempts)})`,
        })
        .where(eq(mailOutbox.id, message.id));
    }
  }
  return { claimed: claimed.length, sent };
}
