/**
 * Pass names in e-mails and no offer of a held pass (decision 0057), against the real database
 * and rendered by the code that sends (the preview renders each message for a chosen registrant
 * as it would go): an edition that calls its All Access Pass "Studio Pass" has it named so; a
 * free or Replay registrant is offered it with a checkout link that carries them; an All Access
 * holder gets the message without its offer, or not at all when the message is only an offer.
 * Then the new default words are offered to an edition whose messages still read the old way.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { EditionSettings } from '../../../src/domain/edition-settings/schema.ts';
import type { RegistrantTier } from '../../../src/domain/entities.ts';
import { defaultSequence } from '../../../src/domain/mail/default-sequence.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { dismissedDefaultMessages, editionMessages, editions, registrants } from '../../../src/server/db/schema.ts';
import { ensureDefaultMessages } from '../../../src/server/editions/edition-messages.ts';
import { renderPreview } from '../../../src/server/mail/message-preview.ts';
import { messagesPage, type MessagesScreen } from '../../../src/server/mail/messages-admin.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const SITE = 'https://passes.example.com';
const NOW = new Date('2026-06-01T09:00:00Z');
const STUDIO_CHECKOUT = 'https://pay.example.com/studio';
const lastChance = defaultSequence(true).find((message) => message.key === 'last-chance')!;
const afterSummit = defaultSequence(true).find((message) => message.key === 'replay-offer')!;

describeEachDatabase('pass names and offers in e-mails', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let july: { id: number; slug: string };
  let admin: AdminUser;
  const people = {} as Record<RegistrantTier, number>;

  beforeAll(async () => {
    await ensureDefaultMessages(ctx.db);
    const [row] = await ctx.db.select().from(editions).where(eq(editions.slug, 'july'));
    july = { id: row!.id, slug: row!.slug };
    const settings = row!.settings as EditionSettings;
    const upgrade = {
      ...settings.upgrade,
      replay: { ...settings.upgrade.replay, name: 'Keepsake Replay' },
      aap: { ...settings.upgrade.aap, name: 'Studio Pass' },
      aapCheckoutUrl: STUDIO_CHECKOUT,
    };
    await ctx.db
      .update(editions)
      .set({ settings: { ...settings, upgrade } })
      .where(eq(editions.id, july.id));
    for (const tier of ['free', 'replay', 'aap'] as const) {
      const [person] = await ctx.db
        .insert(registrants)
        .values({ editionId: july.id, firstName: tier, email: `${tier}@passes.example`, tier, consentedAt: NOW, createdAt: NOW })
        .returning({ id: registrants.id });
      people[tier] = person!.id;
    }
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('passes@example.com')!, 'a long enough password');
    admin = { id, email: 'passes@example.com', phone: null };
  });

  const preview = (message: { subject: string; body: string; rule: (typeof lastChance)['rule'] }, tier: RegistrantTier) =>
    renderPreview({
      db: ctx.db,
      draft: { editionId: july.id, subject: message.subject, body: message.body, rule: message.rule, category: 'marketing' },
      recipient: { kind: 'registrant', id: people[tier] },
      siteUrl: SITE,
      now: NOW,
    });

  it('gives the offered pass’s early price with its deadline when the message goes before it, else the full price (decision 0064)', async () => {
    const [row] = await ctx.db.select().from(editions).where(eq(editions.id, july.id));
    const settings = row!.settings as EditionSettings;
    const withDeadline = (until: string) =>
      ctx.db
        .update(editions)
        .set({
          settings: {
            ...settings,
            upgrade: { ...settings.upgrade, aap: { ...settings.upgrade.aap, earlyPrice: 9700, earlyPriceUntil: until } },
          },
        })
        .where(eq(editions.id, july.id));
    // "Last chance" goes on the third summit day (July 2025): the price is the one of that moment.
    const draft = { ...lastChance, body: `${lastChance.body}\n\nEarly price ends: {{offered_pass_price_deadline}}.` };
    const render = (tier: RegistrantTier) =>
      renderPreview({
        db: ctx.db,
        draft: { editionId: july.id, subject: draft.subject, body: draft.body, rule: draft.rule, category: 'marketing' },
        recipient: { kind: 'registrant', id: people[tier] },
        siteUrl: SITE,
        now: NOW,
      });
    try {
      await withDeadline('2030-12-06T23:59:00+11:00');
      const before = (await render('free'))!;
      expect(before.text).toContain('The Studio Pass ($97.00 until Fri Dec 6, 23:59 (Australia/Sydney), then $197.00) keeps');
      expect(before.text).toContain('Early price ends: Fri Dec 6, 23:59 (Australia/Sydney).');
      // The holder is offered nothing: the paragraphs with the price are left out.
      expect((await render('aap'))!.text).not.toContain('$');
      await withDeadline('2020-01-01T00:00:00+11:00');
      const after = (await render('free'))!;
      expect(after.text).toContain('The Studio Pass ($197.00) keeps');
      expect(after.text).toContain('Early price ends: .');
    } finally {
      await ctx.db.update(editions).set({ settings }).where(eq(editions.id, july.id));
    }
  });

  it('“Last chance” offers the edition’s pass by its name to free and Replay registrants, and leaves the offer out for its holder', async () => {
    // A Replay holder is quoted what the checkout charges them: the difference (decision 0064), $197 less the $77 Replay price.
    for (const [tier, price] of [
      ['free', '$197.00'],
      ['replay', '$120.00'],
    ] as const) {
      const mail = (await preview(lastChance, tier))!;
      expect(mail.text).toContain(`The Studio Pass (${price}) keeps the summit open for you`);
      expect(mail.html).toContain(`The Studio Pass (${price}) keeps the summit open for you`);
      expect(mail.text + mail.html).not.toContain('All Access');
    }
    const holder = (await preview(lastChance, 'aap'))!;
    expect(holder.text).toContain('Listen to day 3 now');
    expect(holder.text + holder.html).not.toContain('Studio Pass');
    expect(holder.text).not.toContain('keeps the summit open');
    expect(holder.skipped).not.toBe('They hold the pass the message offers');
  });

  it('“After the summit” is an offer as a whole: named for the others, not sent to a holder', async () => {
    const free = (await preview(afterSummit, 'free'))!;
    expect(free.subject).toBe('The summit is over; the Studio Pass keeps it with you');
    expect(free.text).toContain('See the Studio Pass');
    expect(free.skipped).not.toBe('They hold the pass the message offers');
    expect((await preview(afterSummit, 'aap'))!.skipped).toBe('They hold the pass the message offers');
  });

  it('names each pass by its field and links the offered one’s checkout with the buyer', async () => {
    const own = {
      subject: 'Passes',
      body: 'Replay: {{replay_pass_name}}. All access: {{all_access_pass_name}}. Yours: {{pass_name}}.\n\n[Get the {{offered_pass_name}}]({{offered_pass_link}})',
      rule: { kind: 'after-summit' as const, minutes: 0 },
    };
    const replay = (await preview(own, 'replay'))!;
    expect(replay.text).toContain('Replay: Keepsake Replay. All access: Studio Pass. Yours: Keepsake Replay.');
    const link = new URL(/href="([^"]*pay\.example\.com[^"]*)"/.exec(replay.html)![1]!.replaceAll('&amp;', '&'));
    expect(`${link.origin}${link.pathname}`).toBe(STUDIO_CHECKOUT);
    expect(link.searchParams.get('client_reference_id')).toBe(`registrant-${people.replay}`);
    expect(link.searchParams.get('prefilled_email')).toBe('replay@passes.example');
    const holder = (await preview(own, 'aap'))!;
    expect(holder.text).toContain('Yours: Studio Pass.');
    expect(holder.html).not.toContain('pay.example.com');
  });

  it('offers an evergreen edition new words for messages still naming “All Access Pass”; taking them keeps its switch, keeping mine is asked once', async () => {
    const screen = (form?: Record<string, string>): MessagesScreen => ({
      handle: ctx.handle,
      admin,
      edition: july,
      request: form
        ? new Request(`${SITE}/admin/editions/july/messages`, { method: 'POST', body: new URLSearchParams(form) })
        : new Request(`${SITE}/admin/editions/july/messages`),
      now: NOW,
      siteUrl: SITE,
    });
    const ofJuly = (key: string) => and(eq(editionMessages.editionId, july.id), eq(editionMessages.key, key));
    const fresh = await messagesPage(screen());
    if (fresh.kind !== 'show') throw new Error('no list');
    expect(fresh.state.revisions).toEqual([]); // the defaults already use the fields

    const oldBody = 'Hi {{first_name}},\n\nThe All Access Pass keeps the summit open for you: {{dashboard_link}}';
    for (const key of ['day-2-hours-left', 'day-1-hours-left']) {
      await ctx.db.update(editionMessages).set({ body: oldBody, enabled: false }).where(ofJuly(key));
    }
    const offered = await messagesPage(screen());
    if (offered.kind !== 'show') throw new Error('no list');
    expect(offered.state.revisions.map((revision) => [revision.id, revision.body.includes('{{offered_pass_name}}')])).toEqual([
      ['day-1-hours-left@pass-names', true],
      ['day-2-hours-left@pass-names', true],
    ]);

    const taken = await messagesPage(screen({ action: 'take-revision', revision: 'day-2-hours-left@pass-names' }));
    expect(taken).toMatchObject({ status: 200, state: { notice: expect.stringContaining('has the new words') } });
    const [updated] = await ctx.db.select().from(editionMessages).where(ofJuly('day-2-hours-left'));
    const revised = defaultSequence(false).find((message) => message.key === 'day-2-hours-left')!;
    expect(updated).toMatchObject({ body: revised.body, subject: revised.subject, enabled: false });

    const kept = await messagesPage(screen({ action: 'keep-words', revision: 'day-1-hours-left@pass-names' }));
    if (kept.kind !== 'show') throw new Error('no list');
    expect(kept.state.revisions).toEqual([]);
    const [mine] = await ctx.db.select().from(editionMessages).where(ofJuly('day-1-hours-left'));
    expect(mine!.body).toBe(oldBody);
    expect(await messagesPage(screen({ action: 'keep-words', revision: 'day-1-hours-left@pass-names' }))).toMatchObject({ status: 400 });
    const answered = await ctx.db.select({ key: dismissedDefaultMessages.key }).from(dismissedDefaultMessages);
    expect(answered.map((row) => row.key).sort()).toEqual(['day-1-hours-left@pass-names', 'day-2-hours-left@pass-names']);
  });
});
