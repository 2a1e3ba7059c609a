/**
 * SMTP answers read properly and the suppression list (docs/decisions/0082), against the real
 * database and a real SMTP server on loopback that refuses some addresses with 550, defers others
 * with 451, and is stopped for the connection case.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { sendAccessLinks } from '../../../src/server/access/access-request.ts';
import {
  editionMessages,
  emailSoftBounces,
  emailSuppressions,
  mailOutbox,
  registrants,
  webhookEndpoints,
  webhookEvents,
} from '../../../src/server/db/schema.ts';
import { createEndpoint } from '../../../src/server/webhooks/endpoints.ts';
import { ensureDefaultMessages } from '../../../src/server/editions/edition-messages.ts';
import { renderPreview } from '../../../src/server/mail/message-preview.ts';
import { messageCounts } from '../../../src/server/mail/outbox-admin.ts';
import { deliverDueMail, queueMail } from '../../../src/server/mail/outbox.ts';
import { scheduleDueMessages } from '../../../src/server/mail/scheduler.ts';
import { liftSuppression, suppressAddress } from '../../../src/server/suppression/suppression-list.ts';
import { smtpTransport } from '../../../src/server/mail/transport.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { startBouncingSmtp, stoppedSmtpUrl, type BouncingSmtp } from '../../support/bouncing-smtp.ts';

const SITE = 'https://bounce.example.com';
const T0 = new Date('2026-06-01T09:00:00Z');
const seconds = (s: number) => new Date(T0.getTime() + s * 1000);

describeEachDatabase('bounces and the suppression list', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let smtp: BouncingSmtp;
  let stopped: string;

  beforeAll(async () => {
    smtp = await startBouncingSmtp();
    stopped = await stoppedSmtpUrl();
    await ensureDefaultMessages(ctx.db);
  });
  afterAll(async () => {
    await smtp?.close();
  });
  beforeEach(async () => {
    await ctx.db.delete(mailOutbox);
    await ctx.db.delete(registrants);
    await ctx.db.delete(emailSuppressions);
    await ctx.db.delete(emailSoftBounces);
    await ctx.db.delete(webhookEvents);
    await ctx.db.delete(webhookEndpoints);
    smtp.answers.clear();
    smtp.accepted.length = 0;
    smtp.asked.length = 0;
  });

  /** Every copy due at `now` sent through `url` (the bouncing server unless told otherwise). */
  async function round(now: Date, url = smtp.url) {
    const transport = smtpTransport(url);
    await scheduleDueMessages(ctx.db, now);
    while ((await deliverDueMail({ db: ctx.db, transport, from: 'hello@bounce.example.com', options: { now, siteUrl: SITE } })).claimed);
  }
  const register = async (email: string) => {
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Ivy', email, consent: true },
      moment: { now: T0, timeZone: null },
    });
    if (outcome.status !== 'created') throw new Error(`not registered: ${outcome.status}`);
    return outcome.registrantId;
  };
  const copiesTo = (to: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const inForce = (address: string) => ctx.db.select().from(emailSuppressions).where(eq(emailSuppressions.address, address));

  it('a 550 for a recipient is a hard bounce: suppressed at once, not retried, and nothing but the access e-mail it asks for goes after', async () => {
    const made = await createEndpoint(
      ctx.db,
      { url: 'https://hooks.example.com/', events: ['email.bounced'], editionId: '' },
      { allowPrivate: true },
    );
    expect(made.ok).toBe(true);
    const id = await register('gone@example.com');
    smtp.answers.set('gone@example.com', 'hard');
    await round(T0);
    // The host's tools hear of it, as of a bounce a mail provider reports.
    const [event] = await ctx.db.select().from(webhookEvents);
    expect(JSON.parse(event!.payload).data).toMatchObject({
      registrantId: id,
      email: 'gone@example.com',
      provider: 'smtp',
      reason: 'hard-bounce',
    });
    const [suppression] = await inForce('gone@example.com');
    expect(suppression).toMatchObject({ reason: 'hard-bounce', liftedAt: null });
    expect(suppression!.detail).toMatch(/^550 5\.1\.1 <gone@example\.com>: Recipient address rejected/);
    const [confirmation] = await copiesTo('gone@example.com');
    // Failed, not pending: a hard bounce is never tried again.
    expect(confirmation).toMatchObject({ status: 'failed', attempts: 1 });
    expect(confirmation!.lastError).toMatch(/^Hard bounce \(the address is suppressed\): 550/);

    // Even accepted again, the address gets no copy of the sequence: each is skipped with the reason.
    smtp.answers.set('gone@example.com', 'accept');
    const asked = smtp.asked.length;
    await round(seconds(24 * 3600));
    expect(smtp.asked.length).toBe(asked);
    const skipped = (await copiesTo('gone@example.com')).filter((copy) => copy.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    expect(new Set(skipped.map((copy) => copy.lastError))).toEqual(new Set(['Suppressed: hard bounce since 2026-06-01']));

    // An admin's test e-mail to it is skipped too.
    await queueMail(ctx.db, { to: 'gone@example.com', subject: 'A test', text: 't', html: '<p>t</p>' }, seconds(24 * 3600));
    await round(seconds(24 * 3600));
    expect(smtp.accepted).toEqual([]);

    // "Find my access", asked by the address itself, goes.
    expect(await sendAccessLinks(ctx.db, 'gone@example.com', seconds(24 * 3600))).toBe(1);
    await round(seconds(24 * 3600));
    expect(smtp.accepted.map((mail) => mail.to)).toEqual(['gone@example.com']);
  });

  it('the preview says the message would not go to a suppressed registrant, and why', async () => {
    const id = await register('previewed@example.com');
    await suppressAddress(ctx.db, { address: ' Previewed@Example.com ', reason: 'complaint', detail: 'abuse report', now: T0 });
    const [dayOne] = await ctx.db.select().from(editionMessages).where(eq(editionMessages.key, 'day-1-open'));
    const preview = await renderPreview({ db: ctx.db, draft: dayOne!, recipient: { kind: 'registrant', id }, siteUrl: SITE, now: T0 });
    expect(preview?.skipped).toBe('Suppressed: complaint since 2026-06-01');
  });

  it('a lifted suppression lets the next copies go', async () => {
    await register('back@example.com');
    await suppressAddress(ctx.db, { address: 'back@example.com', reason: 'admin', detail: '', now: T0 });
    await round(T0);
    expect(smtp.accepted).toEqual([]);
    const [row] = await inForce('back@example.com');
    expect(await liftSuppression(ctx.db, { id: row!.id, by: 'admin@example.com', now: seconds(60) })).toMatchObject({
      liftedBy: 'admin@example.com',
    });
    // Lifted once: a second lift changes nothing.
    expect(await liftSuppression(ctx.db, { id: row!.id, by: 'admin@example.com', now: seconds(61) })).toBeNull();
    await round(seconds(24 * 3600));
    expect(smtp.accepted.some((mail) => mail.to === 'back@example.com')).toBe(true);
  });

  it('a 451 is retried with the backoff, and the third in a row suppresses the address', async () => {
    await register('busy@example.com');
    smtp.answers.set('busy@example.com', 'soft');
    await round(T0);
    // The confirmation and the first day's e-mail, both deferred at once: one soft bounce, not two.
    let copies = await copiesTo('busy@example.com');
    expect(copies).toHaveLength(2);
    for (const copy of copies) {
      expect(copy).toMatchObject({ status: 'pending', attempts: 1 });
      expect(copy.lastError).toMatch(/^Soft bounce: 451 4\.7\.1/);
      expect(copy.nextAttemptAt.toISOString()).toBe(seconds(30).toISOString());
    }
    expect(await ctx.db.select({ count: emailSoftBounces.count }).from(emailSoftBounces)).toEqual([{ count: 1 }]);
    expect(await inForce('busy@example.com')).toEqual([]);

    await round(seconds(30));
    copies = await copiesTo('busy@example.com');
    for (const copy of copies) {
      expect(copy).toMatchObject({ status: 'pending', attempts: 2 });
      expect(copy.nextAttemptAt.toISOString()).toBe(seconds(30 + 60).toISOString());
    }
    await round(seconds(90));
    // One copy's answer was the third soft bounce: it failed. The other, sent alongside, waits its
    // backoff and is then skipped as suppressed.
    expect((await copiesTo('busy@example.com')).map((copy) => copy.status).sort()).toEqual(['failed', 'pending']);
    await round(seconds(90 + 120));
    copies = await copiesTo('busy@example.com');
    expect(copies.map((copy) => copy.status).sort()).toEqual(['failed', 'skipped']);
    expect(copies.find((copy) => copy.status === 'skipped')?.lastError).toBe('Suppressed: soft bounces since 2026-06-01');
    expect(smtp.accepted).toEqual([]);
    const [suppression] = await inForce('busy@example.com');
    expect(suppression).toMatchObject({ reason: 'soft-bounces' });
    expect(await ctx.db.select().from(emailSoftBounces)).toEqual([]);
  });

  it('a delivered copy ends the soft bounces in a row', async () => {
    await register('greylisted@example.com');
    smtp.answers.set('greylisted@example.com', 'soft');
    await round(T0);
    await round(seconds(30));
    expect(await ctx.db.select({ count: emailSoftBounces.count }).from(emailSoftBounces)).toEqual([{ count: 2 }]);
    smtp.answers.delete('greylisted@example.com');
    await round(seconds(90));
    expect(smtp.accepted.map((mail) => mail.to)).toEqual(['greylisted@example.com', 'greylisted@example.com']);
    expect(await ctx.db.select().from(emailSoftBounces)).toEqual([]);
    expect(await inForce('greylisted@example.com')).toEqual([]);
  });

  it('a server that is not there never marks a registrant: the copy is retried', async () => {
    await register('waiting@example.com');
    for (const [step, at] of [T0, seconds(30), seconds(90), seconds(210)].entries()) {
      await round(at, stopped);
      const copies = await copiesTo('waiting@example.com');
      expect(copies).toHaveLength(2);
      for (const copy of copies) {
        expect(copy).toMatchObject({ status: 'pending', attempts: step + 1 });
        expect(copy.lastError).toMatch(/ECONNREFUSED|connect/i);
      }
    }
    expect(await inForce('waiting@example.com')).toEqual([]);
    expect(await ctx.db.select().from(emailSoftBounces)).toEqual([]);
    // The server back: the copy goes.
    await round(seconds(450));
    expect(smtp.accepted.map((mail) => mail.to)).toEqual(['waiting@example.com', 'waiting@example.com']);
    expect((await copiesTo('waiting@example.com')).map((copy) => copy.status)).toEqual(['sent', 'sent']);
  });

  it('counts a suppressed copy among the skipped, and not among the copies still to come', async () => {
    await register('counted@example.com');
    const [dayTwo] = await ctx.db.select().from(editionMessages).where(eq(editionMessages.key, 'day-2-open'));
    const toCome = async () =>
      (await messageCounts({ db: ctx.db, editionId: dayTwo!.editionId, messages: [dayTwo!], now: T0 })).get(dayTwo!.id);
    expect(await toCome()).toMatchObject({ scheduled: 1 });
    await suppressAddress(ctx.db, { address: 'counted@example.com', reason: 'hard-bounce', detail: '550', now: T0 });
    expect(await toCome()).toMatchObject({ scheduled: 0 });
    await round(T0);
    const rows = await ctx.db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'counted@example.com'), eq(mailOutbox.status, 'skipped')));
    expect(rows.length).toBeGreaterThan(0);
  });
});
