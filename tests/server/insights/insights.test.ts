/**
 * The insights of an edition over real rows (decision 0038): registrations with their sources (through
 * registerAttendee, as the form stores them), counted downloads inserted into episode_downloads as
 * the audio routes will write them, passes, first visits and the outbox; the leaderboard, the
 * funnel, the CSVs and a speaker's page read them back.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { NO_UTM } from '../../../src/domain/attribution/utm.ts';
import {
  ensureAllShareLinks,
  ensureShareLinks,
  findShareLink,
  listShareLinks,
  type ShareLink,
} from '../../../src/server/attribution/share-links.ts';
import { speakerPageKey } from '../../../src/server/attribution/speaker-page-keys.ts';
import { accessSecret } from '../../../src/server/access/keys.ts';
import {
  episodeDownloads,
  episodes,
  mailOutbox,
  purchases,
  registrantVisits,
  registrants,
  registrationSources,
  shareLinks,
  speakers,
} from '../../../src/server/db/schema.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { episodesCsv, referrersCsv } from '../../../src/server/insights/insights-csv.ts';
import { loadEditionInsights } from '../../../src/server/insights/insights-queries.ts';
import { loadSpeakerPage } from '../../../src/server/affiliates/speaker-page.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import type { Edition } from '../../../src/domain/edition.ts';
import { MAX_CAMPAIGNS_SHOWN } from '../../../src/domain/insights/edition-insights.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const csvLines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

describeEachDatabase('edition insights', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let july: Edition;
  let links: ShareLink[];
  const ids: Record<string, number> = {};

  const register = async (
    name: string,
    source?: Parameters<typeof registerAttendee>[0]['source'],
    now = new Date('2025-07-01T10:00:00Z'),
  ) => {
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: name, email: `${name.toLowerCase()}@example.com`, consent: false },
      moment: { now, timeZone: null },
      source,
    });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    ids[name] = outcome.registrantId;
  };

  beforeAll(async () => {
    july = (await readEdition(ctx.db, 'july', { fresh: true }))!;
    await ensureShareLinks(ctx.db, july);
    links = await listShareLinks(ctx.db, july.id);
    const august = (await readEdition(ctx.db, 'august', { fresh: true }))!;
    await ensureShareLinks(ctx.db, august);
    const [augustLink] = await listShareLinks(ctx.db, august.id);
    const [a, b] = links as [ShareLink, ShareLink];
    await register('Ann', { shareLinkId: a.id, campaign: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: null } });
    await register('Ben', { shareLinkId: a.id, campaign: NO_UTM }, new Date('2025-07-03T23:30:00Z'));
    await register('Cat', { shareLinkId: b.id, campaign: NO_UTM });
    await register('Dan', { shareLinkId: null, campaign: { utm_source: 'instagram', utm_medium: null, utm_campaign: 'july' } });
    // Another edition's link in this edition's cookie (a changed cookie): not attributed.
    await register('Eve', { shareLinkId: augustLink!.id, campaign: NO_UTM });
    await register('Fay');

    const [first, second] = await ctx.db
      .select()
      .from(episodes)
      .where(eq(episodes.editionId, july.id))
      .orderBy(asc(episodes.day), asc(episodes.position));
    const download = (episodeId: number, listenerKey: string, registrantId: number | null) => ({
      editionId: july.id,
      episodeId,
      listenerKey,
      registrantId,
      route: 'feed' as const,
    });
    await ctx.db
      .insert(episodeDownloads)
      .values([
        download(first!.id, `r:${ids.Ann}`, ids.Ann!),
        download(first!.id, `r:${ids.Ann}`, ids.Ann!),
        download(first!.id, 'h:anonymous', null),
        download(first!.id, `r:${ids.Cat}`, ids.Cat!),
        download(second!.id, `r:${ids.Fay}`, ids.Fay!),
      ]);
    await ctx.db.insert(purchases).values([
      { registrantId: ids.Ann!, pass: 'aap', source: 'provider', amount: 19_700, currency: 'usd', paymentRef: 'pi_1' },
      {
        registrantId: ids.Cat!,
        pass: 'replay',
        source: 'provider',
        amount: 7_700,
        currency: 'usd',
        paymentRef: 'pi_2',
        status: 'refunded',
      },
      { registrantId: ids.Ben!, pass: 'replay', source: 'admin' },
    ]);
    await ctx.db.insert(registrantVisits).values([
      { registrantId: ids.Ann!, pageType: 'july_day1' },
      { registrantId: ids.Ann!, pageType: 'july_day2' },
      { registrantId: ids.Dan!, pageType: 'july_dashboard' },
    ]);
    const queued = await ctx.db.select({ id: mailOutbox.id, registrantId: mailOutbox.registrantId }).from(mailOutbox);
    await ctx.db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.registrantId, ids.Ann!));
    await ctx.db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.registrantId, ids.Ben!));
    expect(queued.length).toBeGreaterThanOrEqual(6);
  });

  it('records the source with the registration, only a link of the same edition', async () => {
    const rows = await ctx.db.select().from(registrationSources);
    const of = (name: string) => rows.find((row) => row.registrantId === ids[name]);
    expect(of('Ann')).toMatchObject({ shareLinkId: links[0]!.id, utmSource: 'newsletter', utmMedium: 'email', utmCampaign: null });
    expect(of('Dan')).toMatchObject({ shareLinkId: null, utmSource: 'instagram', utmCampaign: 'july' });
    expect(of('Eve')).toBeUndefined();
    expect(of('Fay')).toBeUndefined();
  });

  it('gives every speaker and host one link, with a code from the name, found again by /r/', async () => {
    const [speakerCount, hostCount] = [links.filter((l) => l.speakerId).length, links.filter((l) => l.hostId).length];
    expect(speakerCount).toBeGreaterThan(0);
    expect(hostCount).toBeGreaterThan(0);
    expect(new Set(links.map((l) => l.code)).size).toBe(links.length);
    await ensureShareLinks(ctx.db, july);
    expect(await listShareLinks(ctx.db, july.id)).toHaveLength(links.length);
    const found = await findShareLink(ctx.db, { code: links[0]!.code, editionSlug: null });
    expect(found?.link.id).toBe(links[0]!.id);
    expect(await findShareLink(ctx.db, { code: 'nobody-has-this', editionSlug: null })).toBeNull();
  });

  it('gives a speaker added since their link when /r/ misses, and changes nothing when nobody lacks one', async () => {
    await ensureAllShareLinks(ctx.db);
    const before = await ctx.db.select().from(shareLinks);
    await ensureAllShareLinks(ctx.db);
    expect(await ctx.db.select().from(shareLinks)).toHaveLength(before.length);
    const [added] = await ctx.db.insert(speakers).values({ editionId: july.id, firstName: 'Nova', lastName: 'Late', day: 2 }).returning();
    expect(await findShareLink(ctx.db, { code: 'nova-late', editionSlug: null })).toBeNull();
    await ensureAllShareLinks(ctx.db);
    const found = await findShareLink(ctx.db, { code: 'nova-late', editionSlug: null });
    expect(found).toMatchObject({ editionSlug: 'july', link: { speakerId: added!.id, name: 'Nova Late' } });
    // Removed again: the link stays (unattached), off the leaderboard while it brought nobody.
    await ctx.db.delete(speakers).where(eq(speakers.id, added!.id));
    expect((await listShareLinks(ctx.db, july.id)).find((link) => link.code === 'nova-late')?.speakerId).toBeNull();
    expect((await loadEditionInsights(ctx.db, july)).leaderboard.map((row) => row.code)).not.toContain('nova-late');
  });

  it('counts registrations per day in the edition’s time zone, sources, the leaderboard, the funnel and the e-mails', async () => {
    const insights = await loadEditionInsights(ctx.db, july);
    // Ben registered 2025-07-03 23:30 UTC, which is already the 4th in Sydney (july's zone is checked here).
    const benDay =
      july.timezone === 'UTC' ? '2025-07-03' : new Date('2025-07-03T23:30:00Z').toLocaleDateString('en-CA', { timeZone: july.timezone });
    expect(insights.registrationsPerDay).toContainEqual({ day: benDay, count: 1 });
    expect(insights.registrations).toBe(6);
    expect(insights.direct).toBe(2);
    expect(insights.campaigns).toEqual(
      expect.arrayContaining([
        { source: 'newsletter', medium: 'email', campaign: null, registrations: 1 },
        { source: 'instagram', medium: null, campaign: 'july', registrations: 1 },
      ]),
    );
    const [top, second] = insights.leaderboard;
    expect(top).toMatchObject({
      linkId: links[0]!.id,
      place: 1,
      registrations: 2,
      listeners: 1,
      passes: 1,
      revenue: [{ currency: 'usd', amount: 19_700 }],
    });
    expect(second).toMatchObject({ linkId: links[1]!.id, place: 2, registrations: 1, listeners: 1, passes: 0, revenue: [] });
    expect(insights.leaderboard.slice(2).every((row) => row.place === 3 && row.registrations === 0)).toBe(true);
    expect(insights.funnel.map((step) => step.count)).toEqual([6, 1, 3, 1]);
    expect(insights.mail.sent).toBeGreaterThanOrEqual(1);
    expect(insights.mail.failed).toBeGreaterThanOrEqual(1);
  });

  it('exports the episodes and the share links with the exact columns', async () => {
    const episodeLines = csvLines(await episodesCsv(ctx.db, july.id));
    expect(episodeLines[0]).toBe('episode_id,title,day,downloads,listeners');
    const [first, second] = await ctx.db
      .select()
      .from(episodes)
      .where(eq(episodes.editionId, july.id))
      .orderBy(asc(episodes.day), asc(episodes.position));
    expect(episodeLines).toContain(`${first!.id},${first!.title},${first!.day},4,3`);
    expect(episodeLines).toContain(`${second!.id},${second!.title},${second!.day},1,1`);

    const referrerLines = csvLines(await referrersCsv(ctx.db, july));
    expect(referrerLines[0]).toBe('code,name,registrations,listeners,passes,revenue');
    expect(referrerLines[1]).toBe(`${links[0]!.code},${links[0]!.name},2,1,1,197.00`);
    expect(referrerLines[2]).toBe(`${links[1]!.code},${links[1]!.name},1,1,0,0.00`);
  });

  it('opens a speaker’s page with their numbers and place, until the link is revoked or re-issued', async () => {
    const secret = await accessSecret(ctx.db);
    const link = links[1]!;
    const origin = 'https://summit.example';
    const page = await loadSpeakerPage(ctx.db, { key: speakerPageKey(secret, link), origin, now: new Date() });
    expect(page).toMatchObject({
      name: link.name,
      shareUrl: `${origin}/r/${link.code}`,
      registrations: 1,
      listeners: 1,
      place: 2,
      of: links.length,
    });
    expect(await loadSpeakerPage(ctx.db, { key: `${link.id}-${'x'.repeat(32)}`, origin, now: new Date() })).toBeNull();
    // This link's MAC under another link's id opens nothing.
    const key = speakerPageKey(secret, link);
    const mac = key.slice(key.indexOf('-') + 1);
    expect(await loadSpeakerPage(ctx.db, { key: `${links[0]!.id}-${mac}`, origin, now: new Date() })).toBeNull();
    await ctx.db.update(shareLinks).set({ pageKeyVersion: 2 }).where(eq(shareLinks.id, link.id));
    expect(await loadSpeakerPage(ctx.db, { key: speakerPageKey(secret, link), origin, now: new Date() })).toBeNull();
    expect(
      await loadSpeakerPage(ctx.db, { key: speakerPageKey(secret, { ...link, pageKeyVersion: 2 }), origin, now: new Date() }),
    ).not.toBeNull();
    await ctx.db
      .update(shareLinks)
      .set({ pageRevokedAt: new Date() })
      .where(and(eq(shareLinks.id, link.id)));
    expect(
      await loadSpeakerPage(ctx.db, { key: speakerPageKey(secret, { ...link, pageKeyVersion: 2 }), origin, now: new Date() }),
    ).toBeNull();
  });

  it('lists the busiest campaigns only, however many a URL invented', async () => {
    const other = (await readEdition(ctx.db, 'september', { fresh: true }))!;
    const many = await ctx.db
      .insert(registrants)
      .values(
        Array.from({ length: MAX_CAMPAIGNS_SHOWN + 5 }, (_, i) => ({ editionId: other.id, firstName: 'M', email: `m${i}@example.com` })),
      )
      .returning({ id: registrants.id });
    await ctx.db.insert(registrationSources).values(many.map((row, i) => ({ registrantId: row.id, utmSource: `invented-${i}` })));
    const insights = await loadEditionInsights(ctx.db, other);
    expect(insights.campaigns).toHaveLength(MAX_CAMPAIGNS_SHOWN);
    expect(insights.registrations).toBe(MAX_CAMPAIGNS_SHOWN + 5);
    expect(insights.direct).toBe(0);
  });

  it('keeps a removed person’s link and numbers, and gives it back to a person of the same name', async () => {
    const link = links.find((l) => l.speakerId !== null)!;
    const linkCount = (await listShareLinks(ctx.db, july.id)).length;
    const attributedBefore = (await loadEditionInsights(ctx.db, july)).leaderboard.find((row) => row.linkId === link.id);
    await ctx.db.update(shareLinks).set({ speakerId: null }).where(eq(shareLinks.id, link.id));
    await ensureShareLinks(ctx.db, july);
    const again = (await listShareLinks(ctx.db, july.id)).find((l) => l.id === link.id);
    expect(again?.speakerId).toBe(link.speakerId);
    expect(await listShareLinks(ctx.db, july.id)).toHaveLength(linkCount);
    expect((await loadEditionInsights(ctx.db, july)).leaderboard.find((row) => row.linkId === link.id)).toEqual(attributedBefore);
  });
});
