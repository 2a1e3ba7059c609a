/**
 * Share-link clicks counted like listens (docs/decisions/0069; decisions 0037 and 0054): through
 * the real `/r/{code}` handler on the process's own database, a visitor without the referrer
 * cookie counts once a day (the hash of address and user agent with the day's salt), and one
 * address counts at most LISTENERS_PER_ADDRESS_LIMIT visitors a day.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import type { AstroCookies } from 'astro';
import { editions, shareLinkClicks, shareLinks } from '../../../src/server/db/schema.ts';
import { followShareLink } from '../../../src/server/attribution/share-link-route.ts';
import { countClick } from '../../../src/server/attribution/share-link-clicks.ts';
import { describeEachDatabase, useProcessDatabase } from '../../support/databases.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

/** A browser that sends no cookie back, as a script does: what the redirect sets is dropped. */
const noCookies = { get: () => undefined, set: () => undefined } as unknown as AstroCookies;

describeEachDatabase('share-link clicks', (database) => {
  const ctx = useProcessDatabase(database);
  let linkId = 0;
  beforeEach(async () => {
    await ctx.db.delete(shareLinks).where(sql`${shareLinks.code} like 'test-%'`);
    const [july] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'july'));
    const [link] = await ctx.db
      .insert(shareLinks)
      .values({ editionId: july!.id, name: 'Pat', code: 'test-pat', partner: true })
      .returning();
    linkId = link!.id;
  });

  const follow = (address: string, userAgent = FIREFOX) =>
    followShareLink({
      code: 'test-pat',
      url: new URL('http://localhost/r/test-pat?edition=july'),
      request: new Request('http://localhost/r/test-pat?edition=july', { headers: { 'user-agent': userAgent } }),
      cookies: noCookies,
      socketAddress: address,
      limit: 10,
    });
  const clicks = async () =>
    (await ctx.db.select({ clicks: shareLinks.clicks }).from(shareLinks).where(eq(shareLinks.id, linkId)))[0]?.clicks;

  it('100 requests without a cookie from one visitor count one click; another visitor counts one more', async () => {
    for (let i = 0; i < 100; i++) expect((await follow('203.0.113.7'))?.status).toBe(302);
    expect(await clicks()).toBe(1);
    await follow('198.51.100.20');
    await follow('203.0.113.7', `${FIREFOX} Edg/131.0`);
    expect(await clicks()).toBe(3);
    // Only hashes are kept, never the address.
    const rows = await ctx.db.select().from(shareLinkClicks).where(eq(shareLinkClicks.shareLinkId, linkId));
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
  });

  it('one address rotating user agents counts at most the limit, then none of its clicks of the day', async () => {
    for (let i = 0; i < 10; i++) await follow('203.0.113.9', `${FIREFOX} build/${i}`);
    expect(await clicks()).toBe(10);
    // Past the limit, the address's clicks of the day are taken out, as its listens are.
    for (let i = 10; i < 30; i++) await follow('203.0.113.9', `${FIREFOX} build/${i}`);
    expect(await clicks()).toBe(0);
    await follow('198.51.100.20');
    expect(await clicks()).toBe(1);
  });

  it('the same visitor counts again the next day (a new salt)', async () => {
    const visitor = { address: '203.0.113.7', userAgent: FIREFOX, limit: 10 };
    expect(await countClick(ctx.db, { linkId, ...visitor, now: new Date('2026-11-27T23:00:00Z') })).toBe(true);
    expect(await countClick(ctx.db, { linkId, ...visitor, now: new Date('2026-11-27T23:30:00Z') })).toBe(false);
    expect(await countClick(ctx.db, { linkId, ...visitor, now: new Date('2026-11-28T08:00:00Z') })).toBe(true);
    expect(await clicks()).toBe(2);
  });
});
