import { and, eq, isNotNull } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { editionMessages, mailOutbox, registrants } from '../../../src/server/db/schema.ts';
import { ensureDefaultMessages } from '../../../src/server/editions/edition-messages.ts';
import { deliverDueMail } from '../../../src/server/mail/outbox.ts';
import { scheduleDueMessages } from '../../../src/server/mail/scheduler.ts';
import type { MailTransport, OutgoingMail } from '../../../src/server/mail/transport.ts';
import { setUnsubscribed } from '../../../src/server/mail/unsubscribe.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const HOUR = 3600_000;
const SITE = { siteUrl: 'http://summit.test' };
const T0 = new Date('2026-03-02T09:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

function recordingTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { kind: 'file', sent, send: async (mail) => void sent.push(mail) };
}

describeEachDatabase('edition message sequences', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let transport: ReturnType<typeof recordingTransport>;

  /** One worker round at `now`: schedule, then deliver until nothing is due. Returns what it sent. */
  async function round(now: Date, through = transport): Promise<OutgoingMail[]> {
    const before = through.sent.length;
    await scheduleDueMessages(ctx.db, now);
    while (
      (await deliverDueMail({ db: ctx.db, transport: through, from: 'from@example.com', options: { now, siteUrl: SITE.siteUrl } }))
        .claimed > 0
    );
    return through.sent.slice(before);
  }
  const subjects = (mails: OutgoingMail[]) => mails.map((mail) => mail.subject).sort();
  const register = (slug: string, email: string, now: Date, firstName = 'Ivy') =>
    registerAttendee({
      db: ctx.db,
      editionSlug: slug,
      input: { firstName, email, consent: true },
      moment: { now, timeZone: 'Europe/London' },
    });

  beforeAll(async () => {
    await ensureDefaultMessages(ctx.db);
  });
  beforeEach(async () => {
    await ctx.db.delete(mailOutbox);
    await ctx.db.delete(registrants);
    await ctx.db.update(editionMessages).set({ enabled: true });
    transport = recordingTransport();
  });

  it('sends an evergreen sequence relative to registration, each message once', async () => {
    await register('july', 'ivy@example.com', T0, '<b>Ivy</b> *star*');
    const first = await round(T0);
    expect(subjects(first)).toEqual(
      ['Day 1 is open, <b>Ivy</b> *star*', "You're registered: The Sacred Business Audio Summit, July 15-17 2025"].sort(),
    );
    const day1 = first.find((mail) => mail.subject.startsWith('Day 1'))!;
    expect(day1.html).toContain('&lt;b&gt;Ivy&lt;/b&gt; *star*');
    expect(day1.html).not.toContain('<b>Ivy</b>');
    // The personal link (the registrant's access key), without the page-only screen-reader hint.
    expect(day1.html).toMatch(/href="http:\/\/summit\.test\/access\/\d+-[\w-]{32}\?to=day-1"/);
    expect(day1.html).not.toContain('sr-only');
    expect(day1.text).toContain('Hi <b>Ivy</b> *star*');
    expect(day1.text).toContain('It stays open for 1 day, until Tuesday 3 March at 9:00 am GMT');
    expect(day1.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(day1.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/summit\.test\/unsubscribe\/\d+-[\w-]{32}>$/);
    expect(day1.html).toContain('Unsubscribe from summit e-mails');
    expect(day1.messageId).toMatch(/^<m\d+\.r\d+@summit\.test>$/);
    expect(day1.attachments).toBeUndefined();

    expect(await round(at(1))).toEqual([]);
    expect(subjects(await round(at(12)))).toEqual(['12 hours left of day 1']);
    expect(await round(at(13))).toEqual([]);
    expect(subjects(await round(at(24)))).toEqual(['Day 2 is open, <b>Ivy</b> *star*']);
    expect(subjects(await round(at(36)))).toEqual(['12 hours left of day 2']);
    expect(await round(at(36.5))).toEqual([]);
  });

  it('sends nothing stale, nothing switched off, nothing marketing after unsubscribing', async () => {
    await register('july', 'late@example.com', T0);
    // The worker was away for 30 hours: day 1's messages are stale, day 2's is due.
    expect(subjects(await round(at(30)))).toEqual(
      ['Day 2 is open, Ivy', "You're registered: The Sacred Business Audio Summit, July 15-17 2025"].sort(),
    );

    const [row] = await ctx.db.select().from(registrants).where(eq(registrants.email, 'late@example.com'));
    await ctx.db.update(editionMessages).set({ enabled: false }).where(eq(editionMessages.key, 'day-2-hours-left'));
    expect(await round(at(37))).toEqual([]);
    await setUnsubscribed({ db: ctx.db, registrantId: row!.id, unsubscribed: true, now: at(40) });
    expect(await round(at(48))).toEqual([]);
    expect(await round(at(72))).toEqual([]);
  });

  it('skips a queued copy whose message was switched off before it went', async () => {
    await register('july', 'off@example.com', T0);
    await scheduleDueMessages(ctx.db, T0);
    await ctx.db.update(editionMessages).set({ enabled: false }).where(eq(editionMessages.key, 'day-1-open'));
    const sent = await round(T0);
    expect(subjects(sent)).toEqual(["You're registered: The Sacred Business Audio Summit, July 15-17 2025"]);
    const skipped = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'skipped'));
    expect(skipped.map((r) => r.lastError)).toEqual(['The message is switched off']);
  });

  it('a registrant whose personal link was revoked gets nothing further; a new link brings the e-mails back', async () => {
    await register('july', 'revoked@example.com', T0);
    expect(subjects(await round(T0))).toEqual(
      ['Day 1 is open, Ivy', "You're registered: The Sacred Business Audio Summit, July 15-17 2025"].sort(),
    );
    await ctx.db
      .update(registrants)
      .set({ keyRevokedAt: at(1) })
      .where(eq(registrants.email, 'revoked@example.com'));
    expect(await round(at(12))).toEqual([]);
    const skipped = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'skipped'));
    expect(skipped.map((r) => r.lastError)).toEqual(['The registrant’s personal link is revoked']);
    // Re-issued (a new key version): the next message goes, with the new key's links.
    await ctx.db.update(registrants).set({ keyRevokedAt: null, keyVersion: 2 }).where(eq(registrants.email, 'revoked@example.com'));
    const [dayTwo] = await round(at(24));
    expect(dayTwo?.subject).toBe('Day 2 is open, Ivy');
    expect(dayTwo?.text).toMatch(/\/access\/\d+-[\w-]{32}\?to=day-2/);
  });

  it('erasing a registrant removes what was queued for them', async () => {
    await register('july', 'erase@example.com', T0);
    await scheduleDueMessages(ctx.db, T0);
    await ctx.db.delete(registrants).where(eq(registrants.email, 'erase@example.com'));
    // The confirmation was theirs too (an edition message): nothing is left to send.
    expect(await round(T0)).toHaveLength(0);
  });

  it('a live edition counts from each day’s start in its time zone and attaches the calendar', async () => {
    // September's day 1 starts 2025-09-23 00:00 in Sydney (14:00 UTC the day before).
    const dayOneStart = new Date('2025-09-22T14:00:00Z');
    await register('september', 'live@example.com', new Date('2025-09-10T00:00:00Z'));
    // The confirmation already carries the three days, so they are in the calendar from the start.
    const [confirmation] = await round(new Date('2025-09-10T00:00:00Z'));
    expect(confirmation?.subject).toMatch(/^You're registered/);
    expect(confirmation?.attachments?.map((file) => file.filename)).toEqual(['summit.ics']);
    const tomorrow = await round(new Date(dayOneStart.getTime() - 24 * HOUR));
    expect(subjects(tomorrow)).toEqual(['Tomorrow we begin, Ivy']);
    const calendar = tomorrow[0]!.attachments?.[0];
    expect(calendar?.contentType).toContain('text/calendar');
    const events = Object.values(ical.sync.parseICS(calendar!.content)).filter((item) => item?.type === 'VEVENT') as VEvent[];
    expect(events).toHaveLength(3);
    expect(events[0]!.start.toISOString()).toBe(dayOneStart.toISOString());
    expect((events[0]!.start as Date & { tz?: string }).tz).toBe('Australia/Sydney');
    expect(calendar!.content).toContain('DTSTART;TZID=Australia/Sydney:20250923T000000');

    // Registering after "tomorrow we begin" went: it never arrives, "we are live" does.
    await register('september', 'latecomer@example.com', new Date(dayOneStart.getTime() - 2 * HOUR));
    const afterLate = await round(new Date(dayOneStart.getTime() - 2 * HOUR));
    expect(subjects(afterLate)).toEqual(["You're registered: The Sacred Business Audio Summit, September 23-25 2025"]);
    const live = await round(dayOneStart);
    expect(live.map((mail) => [mail.to, mail.subject]).sort()).toEqual([
      ['latecomer@example.com', 'We are live: day 1 of The Sacred Business Audio Summit'],
      ['live@example.com', 'We are live: day 1 of The Sacred Business Audio Summit'],
    ]);
  });

  it('never queues or sends a copy twice with several workers at once', async () => {
    for (let i = 0; i < 40; i++) await register('august', `many${i}@example.com`, T0);
    // Each worker its own transport, as each process has its own SMTP connection.
    const workers = Array.from({ length: 3 }, () => round(T0, recordingTransport()));
    const sent = (await Promise.all(workers)).flat();
    expect(sent).toHaveLength(80);
    expect(new Set(sent.map((mail) => `${mail.to}|${mail.subject}`)).size).toBe(80);
    const rows = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(isNotNull(mailOutbox.dedupeKey), eq(mailOutbox.status, 'sent')));
    // Day 1 and the confirmation, both edition messages now.
    expect(rows).toHaveLength(80);
  });
});
