import { count, eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { mailOutbox, registrants } from '../../../src/server/db/schema.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { composeBatch } from '../../../src/server/mail/compose.ts';
import { validateRegistration } from '../../../src/domain/registration.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const SITE = { siteUrl: 'http://localhost:4321' };

describeEachDatabase('registerAttendee', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  beforeEach(async () => {
    await ctx.db.delete(registrants);
    await ctx.db.delete(mailOutbox);
  });

  const composed = async (row: typeof mailOutbox.$inferSelect) => {
    const outcome = (await composeBatch({ db: ctx.db, rows: [row], siteUrl: SITE.siteUrl, now: new Date() })).get(row.id);
    if (outcome?.kind !== 'mail') throw new Error(`not composed: ${JSON.stringify(outcome)}`);
    return outcome.mail;
  };

  const counts = async () => {
    const [r] = await ctx.db.select({ n: count() }).from(registrants);
    const [m] = await ctx.db.select({ n: count() }).from(mailOutbox);
    return { registrants: r?.n, mail: m?.n };
  };

  it('stores the registrant for the edition, with the free tier, and queues one confirmation', async () => {
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug: 'august',
      input: { firstName: 'Ivy', email: 'ivy@example.com', consent: true },
    });
    expect(outcome).toMatchObject({ status: 'created', registrantId: expect.any(Number), key: expect.stringMatching(/^\d+-/) });
    const [row] = await ctx.db.select().from(registrants);
    expect(row).toMatchObject({ firstName: 'Ivy', email: 'ivy@example.com', tier: 'free' });
    expect(row?.consentedAt).toBeInstanceOf(Date);
    expect(row?.consentWording).toBe(
      'Yes, also send me the summit’s reminders, the digital magazine and offers by e-mail. I can unsubscribe at any time.',
    );
    const [queued] = await ctx.db.select().from(mailOutbox);
    expect(queued).toMatchObject({ to: 'ivy@example.com', status: 'pending' });
    // The edition's editable confirmation, rendered when it is sent.
    const mail = await composed(queued!);
    expect(mail.subject).toBe("You're registered: The Sacred Business Audio Summit, August 19-21 2025");
    expect(mail.text).toContain('August 19-21 2025');
    // The private feed link (decision 0020) carries the same personal key, in both parts of the confirmation.
    const feedUrl = `http://localhost:4321/feed/${(outcome as { key: string }).key}.xml`;
    expect(mail.text).toContain(`Your personal feed link (in your podcast app choose "Add a show by URL"): ${feedUrl}`);
    expect(mail.html).toContain(`href="${feedUrl}"`);
    expect(mail.html).toContain('Hi Ivy,');
    expect(mail.text).toContain(`/access/${(outcome as { key: string }).key}?to=day-1`);
    expect(mail.text).toContain('With warmth,');
    expect(mail.text).not.toContain('The The');
  });

  it('registers with name and e-mail alone and records no consent', async () => {
    await registerAttendee({
      db: ctx.db,
      editionSlug: 'august',
      input: { firstName: 'Noor', email: 'noor@example.com', consent: false },
    });
    const [row] = await ctx.db.select().from(registrants);
    expect(row).toMatchObject({ email: 'noor@example.com', consentedAt: null, consentWording: null });
    // The confirmation still goes: it is how they get in.
    expect(await counts()).toEqual({ registrants: 1, mail: 1 });
  });

  it('escapes the visitor’s name in the HTML mail', async () => {
    await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: '<img src=x onerror=alert(1)>', email: 'x@example.com', consent: true },
    });
    const [queued] = await ctx.db.select().from(mailOutbox);
    const mail = await composed(queued!);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<img src=x');
  });

  it('keeps a first name to one line: line breaks typed into it never become lines of the mail', async () => {
    const checked = validateRegistration({ firstName: 'a\n=1+1\r\n\u2028x\ty', email: 'lines@example.com', consent: false });
    expect(checked.ok).toBe(true);
    const input = (checked as { data: Parameters<typeof registerAttendee>[0]['input'] }).data;
    expect(input.firstName).toBe('a =1+1 x y');
    await registerAttendee({ db: ctx.db, editionSlug: 'august', input });
    const [row] = await ctx.db.select().from(registrants);
    expect(row?.firstName).toBe('a =1+1 x y');
    const [queued] = await ctx.db.select().from(mailOutbox);
    const mail = await composed(queued!);
    expect(mail.text).toContain('Hi a =1+1 x y,');
    expect(mail.text.split(/\r?\n/).some((line) => line.startsWith('=1+1'))).toBe(false);
  });

  it('registering the same address again changes nothing and sends nothing', async () => {
    await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Ivy', email: 'ivy@example.com', consent: true },
    });
    const again = await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Ivy B', email: 'ivy@example.com', consent: true },
    });
    // A decoy of a key's shape, which opens nothing.
    expect(again).toEqual({
      status: 'already-registered',
      registrantId: expect.any(Number),
      decoy: expect.stringMatching(/^\d+-[A-Za-z0-9_-]{32}$/),
    });
    expect(again).not.toHaveProperty('key');
    expect(await counts()).toEqual({ registrants: 1, mail: 1 });
  });

  it('lets one address register for two editions', async () => {
    await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Ivy', email: 'ivy@example.com', consent: true },
    });
    await registerAttendee({
      db: ctx.db,
      editionSlug: 'september',
      input: { firstName: 'Ivy', email: 'ivy@example.com', consent: true },
    });
    expect(await counts()).toEqual({ registrants: 2, mail: 2 });
  });

  it('refuses an unknown edition without writing', async () => {
    expect(
      await registerAttendee({
        db: ctx.db,
        editionSlug: 'october',
        input: { firstName: 'Ivy', email: 'ivy@example.com', consent: true },
      }),
    ).toEqual({
      status: 'unknown-edition',
    });
    expect(await counts()).toEqual({ registrants: 0, mail: 0 });
  });

  it('keeps 20 concurrent registrations of one address to one row', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        registerAttendee({
          db: ctx.db,
          editionSlug: 'july',
          input: { firstName: 'Ivy', email: 'race@example.com', consent: true },
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'created')).toHaveLength(1);
    expect(await counts()).toEqual({ registrants: 1, mail: 1 });
  });

  it('leaves no half record when the mail cannot be queued', async () => {
    await ctx.db.execute(sql`alter table mail_outbox rename to mail_outbox_away`);
    try {
      await expect(
        registerAttendee({
          db: ctx.db,
          editionSlug: 'july',
          input: { firstName: 'Ivy', email: 'half@example.com', consent: true },
        }),
      ).rejects.toThrow();
    } finally {
      await ctx.db.execute(sql`alter table mail_outbox_away rename to mail_outbox`);
    }
    expect(await ctx.db.select().from(registrants).where(eq(registrants.email, 'half@example.com'))).toEqual([]);
  });
});
