/**
 * The rehearsal of an edition (decision 0077) on the real database: the demo editions and an
 * edition made from scratch as a new host makes one (tests/support/tidewater.ts). A new edition
 * rehearses without contradiction; the demo editions list only what the product description
 * imposes, each saying so; a broken edition is flagged; each registrant's timeline is what the
 * product does for them; bad input answers a message; and a rehearsal changes nothing.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditionSettings } from '../../../src/domain/edition-settings/schema.ts';
import { castKinds } from '../../../src/domain/rehearsal/cast.ts';
import type { RegistrantReport, RehearsalReport, TimelineEntry } from '../../../src/domain/rehearsal/report.ts';
import { eventsWanted } from '../../../src/domain/list-sync/plan.ts';
import { editionMessages, editions, webhookEndpoints } from '../../../src/server/db/schema.ts';
import { rehearseEdition, type RehearsalOptions } from '../../../src/server/rehearsal/rehearse.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { createTidewater, TIDEWATER, tidewaterAdmin } from '../../support/tidewater.ts';

const SITE = 'http://summit.localhost';

describeEachDatabase('rehearsing an edition', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let tidewater: { id: number; slug: string };

  beforeAll(async () => {
    tidewater = await createTidewater(ctx.handle, await tidewaterAdmin(ctx.handle));
  });

  const rehearsed = async (slug: string, options: RehearsalOptions = {}): Promise<RehearsalReport> => {
    const outcome = await rehearseEdition(ctx.db, { slug, siteUrl: SITE }, options);
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.report;
  };
  const member = (report: RehearsalReport, key: string) =>
    report.registrants.find((registrant) => registrant.key === key) as RegistrantReport;
  const mails = (registrant: RegistrantReport) =>
    registrant.timeline.filter((entry): entry is Extract<TimelineEntry, { kind: 'mail' }> => entry.kind === 'mail');
  const mail = (registrant: RegistrantReport, name: string) => mails(registrant).find((entry) => entry.message === name);

  it('finds no contradiction in an edition made from scratch, for every registrant kind', async () => {
    const report = await rehearsed(TIDEWATER.slug);
    expect(report.contradictions).toEqual([]);
    // One of each kind, in the order the brief lists them.
    expect(report.registrants.map((registrant) => registrant.key)).toEqual([...castKinds]);
    expect(castKinds).toHaveLength(11);
    // The only note: a live edition stops registering at the end of its last day.
    expect(report.notes.map((note) => [note.kind, note.registrant])).toEqual([['registration-closed', 'registers-after']]);
    expect(report.notes[0]!.imposedBy).toContain('product description');
  });

  it('lists, for the demo editions, only what the product description imposes, each saying so', async () => {
    for (const slug of ['july', 'august', 'september']) {
      const report = await rehearsed(slug);
      expect(report.contradictions, slug).toEqual([]);
      for (const note of report.notes) expect(note.imposedBy, `${slug}: ${note.text}`).toMatch(/^Imposed by the product description/);
    }
  });

  it('follows each registrant through the product’s own answers', async () => {
    const report = await rehearsed(TIDEWATER.slug);
    const free = member(report, 'free');
    // Registering lands them on the thank-you page: its plans at the checkout's prices.
    const first = free.timeline.find((entry) => entry.kind === 'pages');
    expect(first).toMatchObject({ moment: 'Just after registering' });
    expect(first?.kind === 'pages' && first.pages[0]).toEqual({
      page: 'Thank-you page',
      shows: 'Thanks them, with their links to day 1 and the dashboard',
      offer: 'Studio Pass €49.00; Workshop Bundle €129.00',
    });
    // Live days: "we are live" goes at each day's start, with the pass offered at the checkout's price.
    expect(mail(free, 'We are live: day 2')).toMatchObject({ at: '2026-12-01T23:00:00.000Z', skipped: null });
    expect(mail(free, 'Last chance')).toMatchObject({ at: '2026-12-03T17:00:00.000Z', skipped: null, prices: ['€129.00'] });
    const dayTwo = free.timeline.find((entry) => entry.kind === 'pages' && entry.at === '2026-12-01T23:01:00.000Z');
    expect(dayTwo).toMatchObject({
      pages: [{ page: 'Day 1 page' }, { page: 'Day 2 page', shows: 'Open until 3 Dec 2026, 00:00 CET' }, {}, {}],
    });
    // No consent: the marketing e-mails are skipped with the worker's reason, the confirmation goes.
    const noConsent = member(report, 'no-consent');
    expect(mail(noConsent, 'Registration confirmation')?.skipped).toBeNull();
    expect(mail(noConsent, 'We are live: day 1')?.skipped).toBe('The registrant has not agreed to marketing e-mails');
    // Unsubscribed on day 1: day 2's e-mail is skipped, the day page stays open.
    expect(mail(member(report, 'unsubscribes-day-1'), 'We are live: day 2')?.skipped).toBe('The registrant unsubscribed');
    // Registered on day 2: day 1's e-mail was never theirs.
    expect(mail(member(report, 'registers-day-2'), 'We are live: day 1')?.skipped).toMatch(/Too late/);
    // The upgrade is charged the difference (129 − 49), and the receipt quotes it.
    const upgrades = member(report, 'upgrades');
    expect(upgrades.timeline.find((entry) => entry.kind === 'story' && entry.text.startsWith('Buys the Workshop Bundle'))).toMatchObject({
      text: 'Buys the Workshop Bundle (charged €80.00)',
    });
    expect(
      mails(upgrades)
        .filter((entry) => entry.message === 'Receipt')
        .map((entry) => entry.prices),
    ).toEqual([['€49.00'], ['€80.00']]);
    // The top pass holder is not sent the offer; the erased one gets nothing after their erasure.
    expect(mail(member(report, 'pass-aap'), 'After the summit: the pass offer')?.skipped).toBe('They hold the pass the message offers');
    expect(mail(member(report, 'erased'), 'We are live: day 3')?.skipped).toBe('The registrant was erased');
    expect(mail(member(report, 'refunded'), 'Refund notice')?.skipped).toBeNull();
    expect(member(report, 'affiliate').timeline[0]).toMatchObject({ kind: 'story', text: expect.stringContaining('affiliate') });
  });

  it('lists the feed’s items as the private feed answers them: each day as it drips to them, while they may hear it', async () => {
    const free = member(await rehearsed('july', { cast: ['free'] }), 'free');
    const looks = free.timeline.filter((entry): entry is Extract<TimelineEntry, { kind: 'pages' }> => entry.kind === 'pages');
    const feedAt = (moment: string) => looks.find((entry) => entry.moment === moment)?.feed ?? [];
    expect(feedAt('Just after registering').length).toBeGreaterThan(0);
    expect(feedAt('Just after registering').every((item) => item.startsWith('Day 1: '))).toBe(true);
    expect(feedAt('Day 2 has just opened').every((item) => item.startsWith('Day 2: '))).toBe(true);
    expect(feedAt('A week after the summit')).toEqual([]);
  });

  it('flags a broken edition: a day e-mail against a closed day, an offer text with a hard-coded price; a reader in another zone reads the countdown in theirs', async () => {
    const [row] = await ctx.db.select().from(editions).where(eq(editions.id, tidewater.id));
    const settings = row!.settings as EditionSettings;
    const texts = {
      ...settings.texts,
      dayPage: { ...settings.texts.dayPage, upgradeText: 'The {{pass_name}} is only €99.00 today.' },
      thankYou: { ...settings.texts.thankYou, intro: 'Welcome! Upgrade now for just €19.00.' },
    };
    // The Workshop Bundle's early price runs to a Friday night in Berlin, after the registrants register.
    const upgrade = { ...settings.upgrade, aap: { ...settings.upgrade.aap, earlyPriceUntil: '2026-11-27T23:59:00+01:00' } };
    await ctx.db
      .update(editions)
      .set({ settings: { ...settings, texts, upgrade } })
      .where(eq(editions.id, tidewater.id));
    await ctx.db.insert(editionMessages).values({
      editionId: tidewater.id,
      key: 'listen-again',
      kind: 'custom',
      name: 'Listen to day 1 again',
      category: 'marketing',
      subject: 'Day 1 again, {{first_name}}',
      body: 'Listen again: {{day_link}}',
      rule: { kind: 'day', day: 1, minutes: 30 * 60 },
      position: 50,
    });
    try {
      const report = await rehearsed(TIDEWATER.slug, { cast: ['free', 'pass-aap', 'free:America/New_York'] });
      const found = report.contradictions.map((finding) => `${finding.kind} ${finding.registrant ?? '-'} ${finding.where}`);
      expect(found).toContain('mail-never-sent - E-mail “Listen to day 1 again”');
      expect(found).toContain('price free Day 1 page, upgrade banner');
      expect(found).toContain('price free Thank-you page');
      // The top pass keeps day 1 open a month while its e-mail is refused as too late.
      expect(found).toContain('day-mail-and-page pass-aap E-mail “Listen to day 1 again”');
      // A signed-in reader in New York reads the countdown in their own zone, as the pages write it: nothing to flag.
      expect(found.filter((text) => text.startsWith('time-zone'))).toEqual([]);
      const newYork = member(report, 'free-2').timeline.find((entry) => entry.kind === 'pages' && entry.moment === 'Day 2 has just opened');
      expect(newYork).toMatchObject({ pages: [{}, { page: 'Day 2 page', shows: 'Open until 2 Dec 2026, 18:00 GMT-5' }, {}, {}] });
      // The early price ends 23:59 in Berlin: the thank-you page and the dashboard write it in New York's time.
      const earlyOffers = member(report, 'free-2')
        .timeline.flatMap((entry) => (entry.kind === 'pages' ? entry.pages : []))
        .flatMap((page) => (page.offer?.includes(' until ') ? [`${page.page}: ${page.offer}`] : []));
      expect(earlyOffers.some((offer) => offer.startsWith('Thank-you page'))).toBe(true);
      expect(earlyOffers.some((offer) => offer.startsWith('Dashboard'))).toBe(true);
      for (const offer of earlyOffers) expect(offer).toContain('€99.00 until Fri 27 Nov, 17:59 (America/New_York), then €129.00');
    } finally {
      await ctx.db.update(editions).set({ settings }).where(eq(editions.id, tidewater.id));
      await ctx.db.delete(editionMessages).where(eq(editionMessages.key, 'listen-again'));
    }
  });

  it('lists the calls that would leave the site, the list only for those who consented, and opens outside links when asked', async () => {
    const settings = { rules: [{ on: 'registered' as const, list: 'Summit list', tag: 'summit', field: '', value: '' }] };
    const [list, hook] = await ctx.db
      .insert(webhookEndpoints)
      .values([
        { kind: 'kit', url: 'https://api.kit.com', secret: 'kit-key', settings, events: eventsWanted(settings), editionId: tidewater.id },
        {
          kind: 'webhook',
          url: 'https://hooks.example.org/summit',
          secret: 'whsec_x',
          events: ['registration.created'],
          editionId: tidewater.id,
        },
      ])
      .returning({ id: webhookEndpoints.id });
    // A host's own message links to a page outside the site that is gone.
    const gone = http.createServer((_request, response) => response.writeHead(404).end());
    gone.listen(0, '127.0.0.1');
    await once(gone, 'listening');
    const goneUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/workbook`;
    await ctx.db.insert(editionMessages).values({
      editionId: tidewater.id,
      key: 'workbook',
      kind: 'custom',
      name: 'Your workbook',
      category: 'transactional',
      subject: 'Your workbook',
      body: `[The workbook](${goneUrl})`,
      rule: { kind: 'registration' },
      position: 51,
    });
    try {
      const report = await rehearsed(TIDEWATER.slug, { cast: ['free', 'no-consent', 'unsubscribes-day-1'], checkLinks: true });
      const calls = (key: string, event: string) =>
        member(report, key).timeline.find((entry) => entry.kind === 'outbound' && entry.event === event) as Extract<
          TimelineEntry,
          { kind: 'outbound' }
        >;
      expect(calls('free', 'registration.created').calls).toEqual([
        'List kit: upsert (Summit list, summit)',
        'Webhook https://hooks.example.org/summit: registration.created (marketing consent: yes)',
      ]);
      expect(calls('no-consent', 'registration.created').calls).toEqual([
        'List kit: not sent, no marketing consent, so not added.',
        'Webhook https://hooks.example.org/summit: registration.created (marketing consent: no)',
      ]);
      expect(calls('unsubscribes-day-1', 'registrant.unsubscribed').calls).toEqual(['List kit: unsubscribe']);
      // The host's workbook is gone; the pages' checkout links (the host's own, at a payment site that is not there) are opened too.
      expect(report.contradictions.map((finding) => [finding.kind, finding.text]).sort()).toEqual([
        ['link', `${goneUrl} answers 404`],
        ['link', expect.stringMatching(/^https:\/\/pay\.tidewater\.example\.org\/bundle does not answer/)],
        ['link', expect.stringMatching(/^https:\/\/pay\.tidewater\.example\.org\/studio does not answer/)],
      ]);
    } finally {
      gone.close();
      await ctx.db.delete(editionMessages).where(eq(editionMessages.key, 'workbook'));
      await ctx.db.delete(webhookEndpoints).where(inArray(webhookEndpoints.id, [list!.id, hook!.id]));
    }
  });

  it('answers each link of the site by its route for that registrant then, and walks “Find my access”', async () => {
    const free = member(await rehearsed(TIDEWATER.slug, { cast: ['free', 'erased'] }), 'free');
    // Asked once on their day 2: the links again, each answered by the site (none 4xx or 5xx).
    const access = mail(free, 'Find my access: the links again');
    expect(access).toMatchObject({ skipped: null, at: '2026-12-02T03:00:00.000Z' });
    expect(access!.links.some((link) => link.startsWith(`${SITE}/access/`))).toBe(true);
    // A host's message linking to a page of the site that does not exist, and to a day page that does.
    await ctx.db.insert(editionMessages).values({
      editionId: tidewater.id,
      key: 'wrong-page',
      kind: 'custom',
      name: 'Programme',
      category: 'transactional',
      subject: 'The programme',
      body: `[The programme](${SITE}/${TIDEWATER.slug}/programme) and [day 2](${SITE}/${TIDEWATER.slug}/day-2) and [your links](${SITE}/access)`,
      rule: { kind: 'registration' },
      position: 52,
    });
    try {
      const report = await rehearsed(TIDEWATER.slug, { cast: ['free', 'erased'] });
      const links = report.contradictions.filter((finding) => finding.kind === 'link');
      expect(links.map((finding) => [finding.registrant, finding.where, finding.text])).toEqual([
        ['free', 'E-mail “Programme”', `/${TIDEWATER.slug}/programme answers 404: there is no page “programme” in the edition`],
        ['erased', 'E-mail “Programme”', `/${TIDEWATER.slug}/programme answers 404: there is no page “programme” in the edition`],
      ]);
      expect(links[0]!.at).toBe(member(report, 'free').registeredAt);
      // The erased registrant is not sent "Find my access" (nobody is left to find).
      expect(mail(member(report, 'erased'), 'Find my access: the links again')?.skipped).toBe('The registrant was erased');
    } finally {
      await ctx.db.delete(editionMessages).where(eq(editionMessages.key, 'wrong-page'));
    }
  });

  it('answers bad input with a clear message, and a rehearsal changes nothing', async () => {
    const counts = async () =>
      (
        (await ctx.db.execute(
          sql`select (select count(*) from registrants) r, (select count(*) from mail_outbox) m, (select count(*) from webhook_events) w, (select count(*) from audit_log) a, (select count(*) from app_meta) k`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const before = await counts();
    expect(await rehearseEdition(ctx.db, { slug: 'no-such-edition', siteUrl: SITE })).toEqual({
      ok: false,
      message: expect.stringContaining('There is no edition “no-such-edition”'),
    });
    expect(await rehearseEdition(ctx.db, { slug: TIDEWATER.slug, siteUrl: SITE }, { cast: ['vip'] })).toEqual({
      ok: false,
      message: expect.stringContaining('There is no registrant kind “vip”. Use one of: free, pass-replay'),
    });
    expect(await rehearseEdition(ctx.db, { slug: TIDEWATER.slug, siteUrl: SITE }, { cast: ['free:Mars/Olympus'] })).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a time zone'),
    });
    await rehearsed(TIDEWATER.slug);
    expect(await counts()).toEqual(before);
  });
});

describe('rehearsal cast', () => {
  it('extends the cast: a kind named twice gets a second registrant', async () => {
    const { castFor, parseCast } = await import('../../../src/domain/rehearsal/cast.ts');
    const parsed = parseCast(['free,free:Europe/Paris']);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const moments = {
      registrationOpens: 0,
      days: [1, 2, 3].map((day) => ({ day: day as 1 | 2 | 3, start: day * 1000, end: day * 1000 + 999, timed: true })),
      summitEnd: 4000,
    };
    expect(castFor(parsed.kinds, moments).map((member) => [member.key, member.timeZone])).toEqual([
      ['free', null],
      ['free-2', 'Europe/Paris'],
    ]);
  });
});
