/**
 * The brand and the private feed where they meet a from-scratch edition (tests/support/tidewater.ts,
 * its language en-GB): a brand applied with an empty tagline has none (the demo's tagline stands
 * in only while no brand is applied at all), and the feed names the edition's language tag as
 * set, with a description that is not the demo's.
 */
import { beforeAll, expect, it } from 'vitest';
import { SITE_DEFAULTS } from '../../../src/domain/brand.ts';
import { applySiteBrand } from '../../../src/server/brand/apply-brand.ts';
import { loadSiteBrand } from '../../../src/server/brand/site-brand.ts';
import { invalidateContent } from '../../../src/server/caching/content-cache.ts';
import { registrants } from '../../../src/server/db/schema.ts';
import { feedKeyFor } from '../../../src/server/feed/feed-access.ts';
import { feedDocument, lookUpFeed } from '../../../src/server/feed/feed-service.ts';
import { describeEachDatabase, useProcessDatabase } from '../../support/databases.ts';
import { createTidewater, DAY_STARTS, tidewaterAdmin } from '../../support/tidewater.ts';

describeEachDatabase('an edition’s language in its feed, and a brand’s empty tagline', (database) => {
  const ctx = useProcessDatabase(database);
  let key: string;

  beforeAll(async () => {
    const admin = await tidewaterAdmin(ctx.handle);
    const edition = await createTidewater(ctx.handle, admin);
    const applied = await applySiteBrand(ctx.handle, admin, { summitName: 'Tidewater Makers Summit', tagline: '' });
    expect(applied).toMatchObject({ ok: true });
    invalidateContent();
    const [row] = await ctx.db
      .insert(registrants)
      .values({ editionId: edition.id, firstName: 'Elske', email: 'elske@tidewater.example', createdAt: DAY_STARTS[0]! })
      .returning({ id: registrants.id });
    key = await feedKeyFor(ctx.db, row!.id);
  });

  it('shows no tagline for a brand applied with an empty one', async () => {
    const brand = await loadSiteBrand();
    expect(brand.summitName).toBe('Tidewater Makers Summit');
    expect(brand.tagline).toBe('');
  });

  it('names the edition’s language tag as set (en-GB), and none of the demo’s words', async () => {
    const lookup = await lookUpFeed(ctx.db, key, new Date(DAY_STARTS[0]!.getTime() + 3600_000));
    if (lookup.kind !== 'open') throw new Error(`feed ${lookup.kind}`);
    const { xml } = await feedDocument(key, lookup, 'https://tidewater.example.org');
    expect(xml).toContain('<language>en-GB</language>');
    expect(xml).not.toContain(SITE_DEFAULTS.tagline);
  });
});
