/**
 * Registrant e-mails and consent (decision 0034), against the real database and a real SMTP server on loopback: every
 * registrant e-mail (the confirmation and "find my access" included) arrives branded with the
 * logo, colours, name and support address; the preview renders for a chosen registrant at the
 * moment the message goes to them; registering without the marketing box, or being registered by
 * a payment, gets transactional mail only until the registrant opts in.
 */
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { sendAccessLinks } from '../../../src/server/access/access-request.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { applySiteBrand } from '../../../src/server/brand/apply-brand.ts';
import { editionMessages, editions, mailOutbox, paymentEvents, registrants } from '../../../src/server/db/schema.ts';
import { ensureDefaultMessages } from '../../../src/server/editions/edition-messages.ts';
import { renderPreview } from '../../../src/server/mail/message-preview.ts';
import { deliverDueMail } from '../../../src/server/mail/outbox.ts';
import { scheduleDueMessages } from '../../../src/server/mail/scheduler.ts';
import { smtpTransport } from '../../../src/server/mail/transport.ts';
import { optIn } from '../../../src/server/mail/unsubscribe.ts';
import { applyPaymentEvent, verifyEvent } from '../../../src/server/payments/incoming-events.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { startSmtpSink, type SmtpSink } from '../../e2e/support/smtp-sink.ts';

const SITE = 'https://moonlit.example.com';
const HOUR = 3600_000;
const T0 = new Date('2026-06-01T09:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
const SECRET = 'whsec_registrant_mail_test';

describeEachDatabase('registrant e-mails', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let sink: SmtpSink;
  let admin: AdminUser;

  beforeAll(async () => {
    sink = await startSmtpSink();
    await ensureDefaultMessages(ctx.db);
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('mail.brand@example.com')!, 'a long enough password');
    admin = { id, email: 'mail.brand@example.com', phone: null };
    const applied = await applySiteBrand(ctx.handle, admin, {
      summitName: 'Moonlit Founders Summit',
      primaryColor: '#0F766E',
      secondaryColor: '#B45309',
      accentColor: '#1D4ED8',
      logoUrl: 'https://cdn.moonlit.example.com/logo.png',
      emailSettings: { supportEmail: 'help@moonlit.example.com', replyToEmail: 'replies@moonlit.example.com' },
    });
    expect(applied.ok).toBe(true);
  });
  afterAll(async () => {
    await sink?.close();
  });
  beforeEach(async () => {
    await ctx.db.delete(mailOutbox);
    await ctx.db.delete(registrants);
    await ctx.db.delete(paymentEvents);
  });

  /** One worker round at `now` through the real SMTP server; what that address received in it. */
  async function round(now: Date, to: string): Promise<ParsedMail[]> {
    const before = sink.to(to).length;
    const transport = smtpTransport(sink.url);
    await scheduleDueMessages(ctx.db, now);
    while (
      (await deliverDueMail({ db: ctx.db, transport, from: 'Moonlit <hello@moonlit.example.com>', options: { now, siteUrl: SITE } }))
        .claimed
    );
    // The SMTP server parses what it accepted on its own time.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return sink.to(to).slice(before);
  }
  const subjects = (mails: ParsedMail[]) => mails.map((mail) => mail.subject).sort();
  const register = (email: string, consent: boolean, now = T0) =>
    registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Ivy', email, consent },
      moment: { now, timeZone: 'Europe/London' },
    });

  function expectBranded(mail: ParsedMail) {
    const html = mail.html as string;
    expect(html).toContain('<img alt="Moonlit Founders Summit"');
    expect(html).toContain('src="https://cdn.moonlit.example.com/logo.png"');
    expect(html).toContain('border-top:6px solid #B45309');
    expect(html).toContain('border-color:#1D4ED8');
    expect(html).toContain('href="mailto:help@moonlit.example.com"');
    expect(mail.text).toContain('help@moonlit.example.com');
    expect(mail.text).toContain('Moonlit Founders Summit');
    // Replies go where the brand says, on every message, as the SMTP server received it.
    expect(mail.replyTo?.value.map((address) => address.address)).toEqual(['replies@moonlit.example.com']);
  }

  it('sends the confirmation and "find my access" branded, as editable edition messages', async () => {
    await register('brand@example.com', true);
    const first = await round(T0, 'brand@example.com');
    expect(subjects(first)).toEqual(['Day 1 is open, Ivy', "You're registered: Moonlit Founders Summit, July 15-17 2025"]);
    for (const mail of first) expectBranded(mail);

    // The host rewrites the confirmation: the next registrant gets the new words.
    const confirmation = eq(editionMessages.key, 'registration-confirmation');
    const [original] = await ctx.db.select().from(editionMessages).where(confirmation);
    try {
      await ctx.db
        .update(editionMessages)
        .set({ subject: 'Welcome aboard, {{first_name}}', body: 'Your way in: [day 1]({{day_link}})' })
        .where(confirmation);
      await register('edited@example.com', false);
      const [edited] = await round(T0, 'edited@example.com');
      expect(edited?.subject).toBe('Welcome aboard, Ivy');
      expectBranded(edited!);
    } finally {
      await ctx.db.update(editionMessages).set({ subject: original!.subject, body: original!.body }).where(confirmation);
    }

    expect(await sendAccessLinks(ctx.db, 'brand@example.com', T0)).toBe(1);
    const [access] = await round(T0, 'brand@example.com');
    expect(access?.subject).toBe('Your access to Moonlit Founders Summit');
    expect(access?.text).toMatch(/\/access\/\d+-[\w-]{32}\?to=day-1/);
    expectBranded(access!);
  });

  it('registered without the marketing box: the confirmation, no marketing, until they opt in', async () => {
    await register('quiet@example.com', false);
    const [confirmation, ...others] = await round(T0, 'quiet@example.com');
    expect(others).toEqual([]);
    expect(confirmation?.subject).toBe("You're registered: Moonlit Founders Summit, July 15-17 2025");
    // Its footer links their e-mail choices, where they can opt in (a transactional e-mail has no unsubscribe).
    const choices = /<a href="([^"]+)"[^>]*>Your e-mail choices<\/a>/.exec(confirmation?.html as string)?.[1];
    expect(choices).toMatch(new RegExp(`^${SITE}/unsubscribe/\\d+-[\\w-]{32}$`));
    expect(confirmation?.html).not.toContain('Unsubscribe from summit e-mails');
    expect(await round(at(12), 'quiet@example.com')).toEqual([]);
    const [row] = await ctx.db.select().from(registrants).where(eq(registrants.email, 'quiet@example.com'));
    expect(row).toMatchObject({ consentedAt: null, consentWording: null });
    // Opting in on their e-mail choices page: consent recorded, and the next marketing message goes.
    await optIn({ db: ctx.db, registrantId: row!.id, now: at(20) });
    const [after] = await ctx.db.select().from(registrants).where(eq(registrants.id, row!.id));
    expect(after?.consentedAt?.toISOString()).toBe(at(20).toISOString());
    expect(after?.consentWording).toMatch(/reminders, the digital magazine and offers/);
    expect(subjects(await round(at(24), 'quiet@example.com'))).toEqual(['Day 2 is open, Ivy']);
  });

  it('a registrant the payment webhook created gets its pass confirmation and receipt but no marketing mail', async () => {
    const payload = JSON.stringify({
      id: 'evt_buyer',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_buyer',
          object: 'checkout.session',
          customer_details: { email: 'buyer@example.com', name: 'Rowan Ash' },
          metadata: { pass: 'aap', edition: 'july' },
          payment_status: 'paid',
          amount_total: 19700,
          currency: 'usd',
          payment_intent: 'pi_buyer',
        },
      },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect(await applyPaymentEvent(ctx.db, verifyEvent(Buffer.from(payload), header, SECRET), T0)).toMatchObject({ result: 'granted' });
    const [buyer] = await ctx.db.select().from(registrants).where(eq(registrants.email, 'buyer@example.com'));
    expect(buyer).toMatchObject({ consentedAt: null, tier: 'aap' });
    await ctx.db.update(registrants).set({ createdAt: T0 }).where(eq(registrants.id, buyer!.id));
    const received = [...(await round(T0, 'buyer@example.com')), ...(await round(at(12), 'buyer@example.com'))];
    expect(subjects(received)).toEqual([
      'Your pass for Moonlit Founders Summit is ready',
      expect.stringMatching(/^Your receipt: .+, Moonlit Founders Summit$/),
    ]);
    expectBranded(received[0]!);
    const skipped = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'buyer@example.com'));
    // The marketing messages were never queued for them: only the purchase's pass confirmation and receipt.
    expect(skipped.filter((copy) => copy.dedupeKey?.includes(':purchase:'))).toHaveLength(2);
    expect(skipped).toHaveLength(2);
  });

  it('previews a message for a chosen registrant at the moment it goes to them', async () => {
    const outcome = await register('preview@example.com', true);
    if (outcome.status !== 'created') throw new Error('not created');
    const [july] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'july'));
    const [hoursLeft] = await ctx.db.select().from(editionMessages).where(eq(editionMessages.key, 'day-1-hours-left'));
    expect(hoursLeft?.editionId).toBe(july!.id);
    // Looked at three days later, as at the moment it was sent: 12 hours after registering.
    const preview = await renderPreview({
      db: ctx.db,
      draft: hoursLeft!,
      recipient: { kind: 'registrant', id: outcome.registrantId },
      siteUrl: SITE,
      now: at(72),
    });
    expect(preview?.subject).toBe('12 hours left of day 1');
    expect(preview?.text).toContain('you have 12 hours left to listen');
    expect(preview?.sendsAt.toISOString()).toBe(at(12).toISOString());
    expect(preview?.sendsAtText).toBe('Monday 1 June at 10:00 pm GMT+1 (2 days 12 hours ago)');
    expect(preview?.to).toBe('preview@example.com');
    expect(preview?.skipped).toBeNull();
    // A sample registrant registers at the preview's moment, and gets the same countdown.
    const sample = await renderPreview({
      db: ctx.db,
      draft: hoursLeft!,
      recipient: { kind: 'sample', firstName: 'Sam', email: 'sam@example.com' },
      siteUrl: SITE,
      now: at(72),
    });
    expect(sample?.subject).toBe('12 hours left of day 1');
    expect(sample?.sendsAtText).toMatch(/\(in 12 hours\)$/);
  });
});
