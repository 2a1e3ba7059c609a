import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { mailOutbox } from '../../../src/server/db/schema.ts';
import { retryDelaySeconds } from '../../../src/domain/retry-backoff.ts';
import { MAIL_RETRY_CAP_SECONDS } from '../../../src/server/mail/mail-kind.ts';
import { deliverDueMail, queueMail } from '../../../src/server/mail/outbox.ts';
import type { MailTransport, OutgoingMail } from '../../../src/server/mail/transport.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

function recordingTransport(fail = false): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    kind: 'file',
    sent,
    async send(mail) {
      if (fail) throw new Error('connection refused');
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(mail);
    },
  };
}

const mail = (i: number): OutgoingMail => ({ to: `m${i}@example.com`, subject: `s${i}`, text: 't', html: '<p>t</p>' });

describeEachDatabase('mail outbox', (database) => {
  const ctx = useTestDatabase(database);
  beforeEach(async () => {
    await ctx.db.delete(mailOutbox);
  });

  it('delivers queued mail once and marks it sent', async () => {
    for (let i = 0; i < 3; i++) await queueMail(ctx.db, mail(i));
    const transport = recordingTransport();
    expect(await deliverDueMail({ db: ctx.db, transport, from: 'from@example.com' })).toEqual({ claimed: 3, sent: 3, skipped: 0 });
    expect(await deliverDueMail({ db: ctx.db, transport, from: 'from@example.com' })).toEqual({ claimed: 0, sent: 0, skipped: 0 });
    expect(transport.sent.map((m) => m.to)).toEqual(['m0@example.com', 'm1@example.com', 'm2@example.com']);
    const rows = await ctx.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.sentAt instanceof Date)).toBe(true);
  });

  it('keeps failed mail pending with the error and retries it later, then gives up', async () => {
    await queueMail(ctx.db, mail(1));
    expect(await deliverDueMail({ db: ctx.db, transport: recordingTransport(true), from: 'f@example.com' })).toEqual({
      claimed: 1,
      sent: 0,
      skipped: 0,
    });
    let [row] = await ctx.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection refused' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is claimed.
    expect((await deliverDueMail({ db: ctx.db, transport: recordingTransport(true), from: 'f@example.com' })).claimed).toBe(0);

    await ctx.db.update(mailOutbox).set({ attempts: 7, nextAttemptAt: sql`now() - interval '1 second'` });
    await deliverDueMail({ db: ctx.db, transport: recordingTransport(true), from: 'f@example.com' });
    [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4, 20].map((attempts) => retryDelaySeconds(attempts, MAIL_RETRY_CAP_SECONDS))).toEqual([30, 60, 120, 240, 3600]);
  });

  it('never sends a message twice when two workers deliver at once', async () => {
    for (let i = 0; i < 60; i++) await queueMail(ctx.db, mail(i));
    const transport = recordingTransport();
    const drain = async () => {
      while ((await deliverDueMail({ db: ctx.db, transport, from: 'from@example.com' })).claimed > 0);
    };
    await Promise.all([drain(), drain(), drain()]);
    expect(transport.sent).toHaveLength(60);
    expect(new Set(transport.sent.map((m) => m.to)).size).toBe(60);
  });
});
