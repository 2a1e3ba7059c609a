/**
 * An edition's podcast settings reach the feed (square artwork, Apple's
 * category, author, owner), the artwork is judged by Apple's rules, and after the summit a free
 * registrant's feed keeps one personal item telling them how to keep listening.
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SUMMIT_ENDED_AUDIO } from '../../../src/domain/podcast/summit-ended.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin } from '../../../src/server/auth/accounts.ts';
import type { EditionSettings } from '../../../src/domain/edition-settings/schema.ts';
import { editions, registrants } from '../../../src/server/db/schema.ts';
import { invalidateContent } from '../../../src/server/caching/content-cache.ts';
import { feedKeyFor } from '../../../src/server/feed/feed-access.ts';
import { feedRoutes } from '../../../src/server/feed/feed-routes.ts';
import { inspectArtwork, savePodcastSettings } from '../../../src/server/feed/podcast-settings.ts';
import { describeEachDatabase, useProcessDatabase } from '../../support/databases.ts';
import { useLoopbackServer } from '../../support/loopback-server.ts';

const DAY = 24 * 3600_000;

const image = (width: number, height: number, options: { channels?: 3 | 4; format?: 'jpeg' | 'png' } = {}) => {
  const picture = sharp({ create: { width, height, channels: options.channels ?? 3, background: { r: 120, g: 80, b: 200, alpha: 1 } } });
  return (options.format ?? 'jpeg') === 'png' ? picture.png().toBuffer() : picture.jpeg().toBuffer();
};

describe('the podcast artwork, judged by its bytes against Apple’s rules', () => {
  it('takes a square RGB JPEG or PNG from 1400 to 3000 pixels', async () => {
    expect(await inspectArtwork(await image(1400, 1400))).toMatchObject({ ok: true, contentType: 'image/jpeg', width: 1400 });
    expect(await inspectArtwork(await image(3000, 3000, { format: 'png' }))).toMatchObject({ ok: true, contentType: 'image/png' });
  });

  it('refuses the rest with a message that says what to change', async () => {
    expect(await inspectArtwork(await image(400, 120, { format: 'png' }))).toEqual({
      ok: false,
      error: 'The artwork must be square; this image is 400 × 120 pixels.',
    });
    expect(await inspectArtwork(await image(1000, 1000))).toEqual({
      ok: false,
      error: 'Apple needs artwork of at least 1400 × 1400 pixels; this image is 1000 × 1000 pixels.',
    });
    expect(await inspectArtwork(await image(3200, 3200))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Apple takes artwork up to 3000/),
    });
    expect(await inspectArtwork(await image(1400, 1400, { channels: 4, format: 'png' }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/RGB colour without transparency/),
    });
    const webp = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    expect(await inspectArtwork(webp)).toEqual({ ok: false, error: 'The podcast artwork must be a JPEG or PNG image.' });
    expect(await inspectArtwork(Buffer.from('<html>not an image</html>'))).toEqual({
      ok: false,
      error: 'The podcast artwork must be a JPEG or PNG image.',
    });
  });

  it('ships a default artwork and a "summit has ended" clip that Apple takes', async () => {
    expect(await inspectArtwork(fs.readFileSync('public/podcast-artwork.png'))).toMatchObject({ ok: true });
    expect(fs.statSync(`public${SUMMIT_ENDED_AUDIO.path}`).size).toBe(SUMMIT_ENDED_AUDIO.bytes);
  });
});

describeEachDatabase('the feed with the edition’s podcast settings', (database) => {
  const ctx = useProcessDatabase(database);
  const server = useLoopbackServer((req, res) => feedRoutes((_req, next) => next.writeHead(299).end('next'), server.url)(req, res));

  async function registrant(email: string, registeredAt: Date, tier: 'free' | 'aap' = 'free') {
    const [july] = await ctx.db.select({ id: editions.id, name: editions.name }).from(editions).where(eq(editions.slug, 'july'));
    const [row] = await ctx.db
      .insert(registrants)
      .values({ editionId: july!.id, firstName: 'Ivy', email, tier, createdAt: registeredAt })
      .returning({ id: registrants.id });
    return { id: row!.id, edition: july!, key: await feedKeyFor(ctx.db, row!.id) };
  }
  const feedOf = async (key: string) => (await fetch(`${server.url}/feed/${key}.xml`)).text();
  const items = (xml: string) => xml.match(/<item>.*?<\/item>/gs) ?? [];

  it('carries Apple’s category, the author, the owner and the square artwork', async () => {
    const { edition, key } = await registrant('podcast.settings@example.com', new Date(Date.now() - 3600_000));
    const { id: adminId } = await upsertAdmin(ctx.db, parseIdentifier('podcast.admin@example.com')!, 'a long enough password');
    await savePodcastSettings({
      handle: ctx.handle,
      actor: { id: adminId, email: 'podcast.admin@example.com', phone: null },
      edition,
      settings: {
        artworkUrl: '/uploads/content/square.jpg',
        category: 'Business',
        subcategory: 'Entrepreneurship',
        author: 'Ada Moon',
        ownerName: 'Moonlit Media',
        ownerEmail: 'podcast@moonlit.example.com',
      },
    });
    const xml = await feedOf(key);
    expect(xml).toContain('<itunes:category text="Business"><itunes:category text="Entrepreneurship"/></itunes:category>');
    expect(xml).toContain('<itunes:author>Ada Moon</itunes:author>');
    expect(xml).toContain(
      '<itunes:owner><itunes:name>Moonlit Media</itunes:name><itunes:email>podcast@moonlit.example.com</itunes:email></itunes:owner>',
    );
    expect(xml).toContain(`<itunes:image href="${server.url}/uploads/content/square.jpg"/>`);
    expect(xml).toContain('<podcast:locked owner="podcast@moonlit.example.com">yes</podcast:locked>');
    // Their day 1 is open: its episode, and no "summit has ended" item.
    expect(items(xml)).toHaveLength(1);
    expect(xml).not.toContain('summit-ended');
  });

  it('keeps one personal "summit has ended" item in a free registrant’s feed after the summit, not an empty show', async () => {
    const { id, edition, key } = await registrant('podcast.ended@example.com', new Date(Date.now() - 10 * DAY));
    const xml = await feedOf(key);
    const [item, ...more] = items(xml);
    expect(more).toEqual([]);
    expect(item).toContain(`<guid isPermaLink="false">summit-ended-${edition.id}-${id}</guid>`);
    expect(item).toContain('<title>The summit has ended: how to keep listening</title>');
    expect(item).toContain('Thank you for listening to The Sacred Business Audio Summit (July).');
    expect(item).toContain(
      `<enclosure url="${server.url}/podcast/summit-ended.mp3" length="${SUMMIT_ENDED_AUDIO.bytes}" type="audio/mpeg"/>`,
    );
    // Their own link (signed in by their key) to their page, where the passes are.
    expect(item).toContain(`${server.url}/access/${key}?to=dashboard`);
    expect(item).toContain('<itunes:episodeType>bonus</itunes:episodeType>');
    // Three days after registering: 72 hours of days, then it ended.
    const registered = (await ctx.db.select({ at: registrants.createdAt }).from(registrants).where(eq(registrants.id, id)))[0]!.at;
    expect(item).toContain(`<pubDate>${new Date(registered.getTime() + 3 * DAY).toUTCString()}</pubDate>`);
  });

  it('says the edition’s own words in that item when the host wrote them (edition settings, “Offer texts”)', async () => {
    const { edition, key } = await registrant('podcast.words@example.com', new Date(Date.now() - 10 * DAY));
    const [row] = await ctx.db.select({ settings: editions.settings }).from(editions).where(eq(editions.id, edition.id));
    const feedEnded = { title: 'Harbour Light has docked', text: 'The free days have sailed. **Keep listening** with a pass.' };
    await ctx.db
      .update(editions)
      .set({ settings: { ...(row!.settings as EditionSettings), feedEnded } })
      .where(eq(editions.id, edition.id));
    invalidateContent();
    try {
      const [item, ...more] = items(await feedOf(key));
      expect(more).toEqual([]);
      expect(item).toContain('<title>Harbour Light has docked</title>');
      expect(item).toContain('The free days have sailed.');
      expect(item).not.toContain('Thank you for listening to');
      expect(item).toContain(`${server.url}/access/${key}?to=dashboard`);
    } finally {
      await ctx.db.update(editions).set({ settings: row!.settings }).where(eq(editions.id, edition.id));
      invalidateContent();
    }
  });

  it('gives a pass holder whose access ended no such item (they hold a pass already)', async () => {
    const { key } = await registrant('podcast.aap@example.com', new Date(Date.now() - 400 * DAY), 'aap');
    expect(await feedOf(key)).not.toContain('summit-ended');
  });
});
