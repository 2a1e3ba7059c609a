/**
 * The private feed's Node routes (src/server/feed/feed-routes.ts) on a real server and the
 * process's database, as a podcast app sees them: the feed for a valid key (304 when unchanged),
 * 404 for a key never issued, 410 once the key is revoked, and the audio with byte ranges.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { upsertAdmin } from '../../../src/server/auth/accounts.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { editions, episodes, registrants } from '../../../src/server/db/schema.ts';
import { invalidateContent } from '../../../src/server/caching/content-cache.ts';
import { VISITOR_COOKIE } from '../../../src/server/access/visitor-cookie.ts';
import { feedRoutes } from '../../../src/server/feed/feed-routes.ts';
import { feedKeyFor } from '../../../src/server/feed/feed-access.ts';
import { handleRegistrantAccessAction } from '../../../src/server/registrants/registrant-access-screen.ts';
import { describeEachDatabase, useProcessDatabase } from '../../support/databases.ts';
import { useLoopbackServer } from '../../support/loopback-server.ts';

describeEachDatabase('the private feed routes', (database) => {
  const ctx = useProcessDatabase(database);
  const server = useLoopbackServer((req, res) => feedRoutes((_req, next) => next.writeHead(299).end('next'), server.url)(req, res));

  /** A July registrant who registered an hour ago (day 1 is open for them), and their feed key. */
  async function registrant(email: string) {
    const [july] = await ctx.db.select({ id: editions.id, slug: editions.slug }).from(editions).where(eq(editions.slug, 'july'));
    const [row] = await ctx.db
      .insert(registrants)
      .values({ editionId: july!.id, firstName: 'Ivy', email, createdAt: new Date(Date.now() - 3600_000) })
      .returning({ id: registrants.id });
    return { id: row!.id, edition: july!, key: await feedKeyFor(ctx.db, row!.id) };
  }

  const enclosureOf = (xml: string) => /<enclosure url="([^"]+)"/.exec(xml)?.[1];

  it('answers the feed XML for a valid key, then 304 for a copy that is still current', async () => {
    const { key } = await registrant('feed.ok@example.com');
    const answer = await fetch(`${server.url}/feed/${key}.xml`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    const xml = await answer.text();
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain('<rss');
    expect(enclosureOf(xml)).toMatch(new RegExp(`^${server.url}/feed/${key}/\\d+\\.mp3$`));

    const again = await fetch(`${server.url}/feed/${key}.xml`, { headers: { 'if-none-match': answer.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const head = await fetch(`${server.url}/feed/${key}.xml`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(xml)));
  });

  it('gives each episode the length it states as itunes:duration, else the one measured from its file', async () => {
    const { key, edition } = await registrant('feed.lengths@example.com');
    const durationOfDay1 = async () => {
      const xml = await (await fetch(`${server.url}/feed/${key}.xml`)).text();
      return /<itunes:duration>([^<]+)<\/itunes:duration>/.exec(xml)?.[1];
    };
    // The demo's day 1 is a 7-second sample that states the session's 2:15:30.
    expect(await durationOfDay1()).toBe('2:15:30');
    const day1 = and(eq(episodes.editionId, edition.id), eq(episodes.day, 1));
    const [stated] = await ctx.db.select({ seconds: episodes.statedDurationSeconds }).from(episodes).where(day1);
    await ctx.db.update(episodes).set({ statedDurationSeconds: null }).where(day1);
    invalidateContent();
    try {
      expect(await durationOfDay1()).toBe('0:07');
    } finally {
      await ctx.db.update(episodes).set({ statedDurationSeconds: stated!.seconds }).where(day1);
      invalidateContent();
    }
  });

  it('answers 404 for a key that was never issued, and for a path under /feed/ that is no feed', async () => {
    const { id } = await registrant('feed.unknown@example.com');
    for (const path of [`/feed/${id}-${'A'.repeat(32)}.xml`, '/feed/not-a-key.xml', '/feed/', '/listen/abc']) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).toBe('There is no feed or episode at this address.');
    }
  });

  it('streams the audio with byte ranges: 206 for a range, 416 past the end, HEAD without a body', async () => {
    const { key } = await registrant('feed.audio@example.com');
    const audio = enclosureOf(await (await fetch(`${server.url}/feed/${key}.xml`)).text())!;
    const whole = await fetch(audio);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);

    const part = await fetch(audio, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const past = await fetch(audio, { headers: { range: `bytes=${bytes.length + 10}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);

    const head = await fetch(audio, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    // An episode that is not in this registrant's feed.
    expect((await fetch(`${server.url}/feed/${key}/999999.mp3`)).status).toBe(404);
  });

  it('answers 410 for the feed and its audio once the key is revoked', async () => {
    const { id, edition, key } = await registrant('feed.revoked@example.com');
    const audio = enclosureOf(await (await fetch(`${server.url}/feed/${key}.xml`)).text())!;
    expect((await fetch(audio)).status).toBe(200);

    const { id: adminId } = await upsertAdmin(ctx.db, parseIdentifier('feed.admin@example.com')!, 'a long enough password');
    const form = new FormData();
    form.set('action', 'revoke');
    const change = await handleRegistrantAccessAction({
      handle: ctx.handle,
      admin: { id: adminId, email: 'feed.admin@example.com', phone: null },
      edition,
      id,
      form,
    });
    expect(change.ok).toBe(true);

    for (const url of [`${server.url}/feed/${key}.xml`, audio]) {
      const answer = await fetch(url);
      expect(answer.status, url).toBe(410);
      expect(await answer.text()).toMatch(/^This link no longer works/);
    }
  });

  it('plays an external player on the pages only: never in the feed, never through /listen; audio kept elsewhere redirects once the visitor may listen', async () => {
    const { key, edition } = await registrant('feed.kinds@example.com');
    const [player, hosted] = await ctx.db
      .insert(episodes)
      .values([
        {
          editionId: edition.id,
          day: 1,
          title: 'On the audio host',
          contentType: 'text/html',
          embedUrl: 'https://player.example-audio.com/e/1',
        },
        {
          editionId: edition.id,
          day: 1,
          title: 'Hosted elsewhere',
          contentType: 'audio/mpeg',
          externalUrl: 'https://cdn.example.org/a.mp3',
        },
      ])
      .returning({ id: episodes.id });
    invalidateContent();
    const xml = await (await fetch(`${server.url}/feed/${key}.xml`)).text();
    expect(xml).toContain('Hosted elsewhere');
    expect(xml).not.toContain('On the audio host');
    expect((await fetch(`${server.url}/listen/${player!.id}`)).status).toBe(404);

    // A browser with a session of its own: its day 1 window starts, so the audio kept elsewhere is a redirect.
    const cookie = `${VISITOR_COOKIE}=${randomUUID()}`;
    const listen = await fetch(`${server.url}/listen/${hosted!.id}`, { redirect: 'manual', headers: { cookie } });
    expect(listen.status).toBe(302);
    expect(listen.headers.get('location')).toBe('https://cdn.example.org/a.mp3');
    // Without a window of its own, nothing.
    expect((await fetch(`${server.url}/listen/${hosted!.id}`, { redirect: 'manual' })).status).toBe(403);
    await ctx.db.delete(episodes).where(inArray(episodes.id, [player!.id, hosted!.id]));
    invalidateContent();
  });

  it('carries each episode’s transcript and chapters at personal URLs with the audio’s access', async () => {
    const { id, edition, key } = await registrant('feed.transcript@example.com');
    const xml = await (await fetch(`${server.url}/feed/${key}.xml`)).text();
    // The demo's day 1 ships with the WebVTT transcript of what it says.
    const transcript = /<podcast:transcript url="([^"]+)" type="([^"]+)"\/>/.exec(xml);
    expect(transcript?.[1]).toMatch(new RegExp(`^${server.url}/feed/${key}/\\d+/transcript\\.vtt$`));
    expect(transcript?.[2]).toBe('text/vtt');
    const answer = await fetch(transcript![1]!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const vtt = await answer.text();
    expect(vtt).toMatch(/^WEBVTT\n\n00:00:00\.000 --> /);
    expect(vtt).toContain('Welcome to day one of the summit.');

    // Chapters added to that episode: in the feed with the namespace's type, served as stored.
    const episodeId = Number(/\/(\d+)\/transcript\.vtt$/.exec(transcript![1]!)![1]);
    const chapters = JSON.stringify({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Welcome' }] });
    await ctx.db.update(episodes).set({ chapters }).where(eq(episodes.id, episodeId));
    invalidateContent();
    const withChapters = await (await fetch(`${server.url}/feed/${key}.xml`)).text();
    expect(withChapters).toContain(
      `<podcast:chapters url="${server.url}/feed/${key}/${episodeId}/chapters.json" type="application/json+chapters"/>`,
    );
    const chaptersAnswer = await fetch(`${server.url}/feed/${key}/${episodeId}/chapters.json`);
    expect(chaptersAnswer.headers.get('content-type')).toBe('application/json+chapters; charset=utf-8');
    expect(await chaptersAnswer.text()).toBe(chapters);
    await ctx.db.update(episodes).set({ chapters: null }).where(eq(episodes.id, episodeId));
    invalidateContent();

    // The wrong extension, another type than the stored one, an episode not open to this registrant: 404.
    expect((await fetch(`${server.url}/feed/${key}/${episodeId}/transcript.srt`)).status).toBe(404);
    expect((await fetch(`${server.url}/feed/${key}/${episodeId}/chapters.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/feed/${key}/999999/transcript.vtt`)).status).toBe(404);

    // Revoked with the key: 410, like the audio.
    const { id: adminId } = await upsertAdmin(ctx.db, parseIdentifier('transcript.admin@example.com')!, 'a long enough password');
    const form = new FormData();
    form.set('action', 'revoke');
    await handleRegistrantAccessAction({
      handle: ctx.handle,
      admin: { id: adminId, email: 'transcript.admin@example.com', phone: null },
      edition,
      id,
      form,
    });
    expect((await fetch(transcript![1]!)).status).toBe(410);
  });

  it('answers 405 for other methods, and hands every other path on', async () => {
    const answer = await fetch(`${server.url}/feed/anything.xml`, { method: 'POST', body: 'x' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD');
    const other = await fetch(`${server.url}/feeds/x.xml`);
    expect(other.status).toBe(299);
    expect(await other.text()).toBe('next');
  });
});
