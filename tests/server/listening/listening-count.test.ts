/**
 * Listening counted (decision 0037), request by request through a real HTTP server (the feed and listen
 * routes, as the pipeline mounts them) on the process's database: what counts as a download by the
 * IAB Podcast Measurement Technical Guidelines v2.3 (decision 0037), who the listener is, the
 * shared-feed flag and its re-issue, and erasure. The listening writer's round is run at once
 * (flushListening) instead of waiting for its timer.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { upsertAdmin } from '../../../src/server/auth/accounts.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import {
  appMeta,
  editions,
  episodeDownloads,
  episodes,
  feedNetworks,
  registrants,
  sharedFeedFlags,
} from '../../../src/server/db/schema.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { invalidateContent } from '../../../src/server/caching/content-cache.ts';
import { configureTestClock } from '../../../src/server/clock.ts';
import { configureRequestOrigin } from '../../../src/server/http/request-origin.ts';
import { VISITOR_COOKIE } from '../../../src/server/access/visitor-cookie.ts';
import { REGISTRANT_COOKIE } from '../../../src/server/access/registrant-session.ts';
import { feedRoutes } from '../../../src/server/feed/feed-routes.ts';
import { feedKeyFor } from '../../../src/server/feed/feed-access.ts';
import { handleRegistrantAccessAction, loadRegistrantAccess } from '../../../src/server/registrants/registrant-access-screen.ts';
import { deleteRegistrant } from '../../../src/server/registrants/registrant-admin.ts';
import { forgetListeningProgress } from '../../../src/server/listening/download-counter.ts';
import { flushListening, forgetListeningWrites } from '../../../src/server/listening/listening-writer.ts';
import { sharedFeedFlags as flagsOf } from '../../../src/server/listening/shared-feeds.ts';
import { listeningPerEpisode, registrantsWhoListened } from '../../../src/server/insights/listening-source.ts';
import { loadEditionInsights } from '../../../src/server/insights/insights-queries.ts';
import { deleteOldSalts, forgetSalts } from '../../../src/server/listening/daily-salts.ts';
import { insertDownloads } from '../../../src/server/listening/listening-writes.ts';
import { noteAudioRequest } from '../../../src/server/listening/audio-requests.ts';
import { deleteEpisode } from '../../../src/server/episodes/episodes.ts';
import { listenerKey } from '../../../src/domain/listening/listener-identity.ts';
import { describeEachDatabase, useProcessDatabase } from '../../support/databases.ts';
import { useLoopbackServer } from '../../support/loopback-server.ts';

const PODCAST_APP = 'AppleCoreMedia/1.0.0.21G93 (iPhone; U; CPU OS 17_6 like Mac OS X; en_us)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HOUR = 3600_000;
/** The test episode's bitrate: 2000 bit/s, so one minute of audio is 15,000 bytes of its 27,818. */
const BITRATE = 2000;
const ONE_MINUTE = 15_000;
const NETWORK_LIMIT = 3;
/** More user agents or visitor sessions than this from one address in a day: its anonymous downloads do not count. */
const ADDRESS_LIMIT = 5;

describeEachDatabase('listening counted by the IAB guidelines', (database) => {
  const ctx = useProcessDatabase(database);
  const server = useLoopbackServer((req, res) => feedRoutes((_req, next) => next.writeHead(299).end('next'), server.url)(req, res));
  let july: { id: number; slug: string };
  let episodeId: number;

  beforeAll(async () => {
    configureTestClock(true);
    // Each request names its client address (X-Forwarded-For), as behind the proxy.
    configureRequestOrigin({ trustProxy: true, hops: 1, siteUrl: undefined });
    forgetListeningProgress();
    forgetListeningWrites();
    forgetSalts();
    const [found] = await ctx.db.select({ id: editions.id, slug: editions.slug }).from(editions).where(eq(editions.slug, 'july'));
    july = found!;
    const [first] = await ctx.db
      .select({ id: episodes.id })
      .from(episodes)
      .where(and(eq(episodes.editionId, july.id), eq(episodes.day, 1)));
    episodeId = first!.id;
    // What an upload inspection would have read of a longer file: a minute is 15,000 bytes.
    await ctx.db.update(episodes).set({ bitrate: BITRATE, durationSeconds: null }).where(eq(episodes.id, episodeId));
    invalidateContent();
  });
  afterAll(() => {
    configureTestClock(false);
    configureRequestOrigin({ trustProxy: false, hops: 1, siteUrl: undefined });
  });

  const SETTINGS = { feedShareNetworkLimit: NETWORK_LIMIT, listenersPerAddressLimit: ADDRESS_LIMIT };
  const flush = () => flushListening(ctx.db, SETTINGS);

  /** An All Access registrant of July (every day open to them for 30 days) and their feed key. */
  async function registrant(label: string) {
    const [row] = await ctx.db
      .insert(registrants)
      .values({
        editionId: july.id,
        firstName: 'Ivy',
        email: `${label}.${randomUUID()}@example.com`,
        tier: 'aap',
        createdAt: new Date(Date.now() - HOUR),
      })
      .returning({ id: registrants.id });
    const key = await feedKeyFor(ctx.db, row!.id);
    return { id: row!.id, key, audio: `${server.url}/feed/${key}/${episodeId}.mp3` };
  }

  type Fetch = { method?: string; range?: string; agent?: string; address?: string; at?: Date; cookie?: string };
  async function get(url: string, { method = 'GET', range, agent = PODCAST_APP, address = '198.51.100.7', at, cookie }: Fetch = {}) {
    const headers: Record<string, string> = { 'user-agent': agent, 'x-forwarded-for': address };
    if (range) headers.range = range;
    if (at) headers['x-test-now'] = at.toISOString();
    if (cookie) headers.cookie = cookie;
    const answer = await fetch(url, { method, headers });
    await answer.arrayBuffer();
    return answer.status;
  }

  const downloadsOf = (registrantId: number) =>
    ctx.db.select().from(episodeDownloads).where(eq(episodeDownloads.registrantId, registrantId));

  it('counts neither HEAD requests nor bytes=0-1 probes; a whole file counts once', async () => {
    const { id, audio } = await registrant('head');
    expect(await get(audio, { method: 'HEAD' })).toBe(200);
    expect(await get(audio, { range: 'bytes=0-1' })).toBe(206);
    // The rest of the minute: with the probe's two bytes it would make one; the probe adds nothing.
    expect(await get(audio, { range: `bytes=2-${ONE_MINUTE - 1}` })).toBe(206);
    expect(await get(audio, { range: 'bytes=0-1' })).toBe(206);
    await flush();
    expect(await downloadsOf(id)).toHaveLength(0);

    expect(await get(audio)).toBe(200);
    await flush();
    const rows = await downloadsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ episodeId, listenerKey: `r:${id}`, route: 'feed', editionId: july.id });
  });

  it('adds byte ranges up across requests and counts once they make a minute of audio, once', async () => {
    const { id, audio } = await registrant('ranges');
    expect(await get(audio, { range: `bytes=0-${ONE_MINUTE / 2 - 1}` })).toBe(206);
    // The same bytes again add nothing.
    expect(await get(audio, { range: `bytes=0-${ONE_MINUTE / 2 - 1}` })).toBe(206);
    await flush();
    expect(await downloadsOf(id)).toHaveLength(0);

    expect(await get(audio, { range: `bytes=${ONE_MINUTE / 2}-${ONE_MINUTE - 2}` })).toBe(206);
    await flush();
    expect(await downloadsOf(id), 'one byte short of a minute').toHaveLength(0);

    expect(await get(audio, { range: `bytes=${ONE_MINUTE - 1}-${ONE_MINUTE + 999}` })).toBe(206);
    await flush();
    expect(await downloadsOf(id)).toHaveLength(1);

    // Listening on counts nothing more inside the window.
    expect(await get(audio, { range: `bytes=${ONE_MINUTE + 1000}-` })).toBe(206);
    expect(await get(audio)).toBe(200);
    await flush();
    expect(await downloadsOf(id)).toHaveLength(1);
  });

  it('counts one download per listener and episode in 24 hours: a repeat inside is not counted, after it is', async () => {
    const { id, audio } = await registrant('window');
    const start = new Date(Date.now() + HOUR);
    expect(await get(audio, { at: start })).toBe(200);
    expect(await get(audio, { at: new Date(start.getTime() + 23 * HOUR) })).toBe(200);
    await flush();
    expect(await downloadsOf(id)).toHaveLength(1);

    // After the window, a new download needs its own minute: a probe and a sliver do not make one.
    const later = new Date(start.getTime() + 25 * HOUR);
    expect(await get(audio, { at: later, range: 'bytes=0-1' })).toBe(206);
    expect(await get(audio, { at: later, range: 'bytes=0-999' })).toBe(206);
    await flush();
    expect(await downloadsOf(id)).toHaveLength(1);
    expect(await get(audio, { at: later })).toBe(200);
    await flush();
    const rows = await downloadsOf(id);
    expect(rows.map((row) => row.countedAt.getTime()).sort()).toEqual([start.getTime(), later.getTime()]);
  });

  it('counts no known bot and no Apple Watch duplicate; a podcast app and a browser count', async () => {
    const { id, audio } = await registrant('bots');
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'atc/1.0 watchOS/10.5 model/Watch6,1 hwp/t8301 build/21T576 (6; dt:277) AirPodcasts/1.0',
      '(null)/(null) watchOS/10.5 model/Watch6,1',
      '',
    ]) {
      expect(await get(audio, { agent }), agent).toBe(200);
    }
    await flush();
    expect(await downloadsOf(id)).toHaveLength(0);
    expect(await get(audio, { agent: BROWSER })).toBe(200);
    await flush();
    expect(await downloadsOf(id)).toHaveLength(1);
  });

  it('a signed-in browser is its registrant, a visitor their browser session; neither is kept as it is', async () => {
    const { id, key } = await registrant('keys');
    const listen = `${server.url}/listen/${episodeId}.mp3`;
    expect(await get(listen, { agent: BROWSER, cookie: `${REGISTRANT_COOKIE}=${key}` })).toBe(200);

    // Two visitors' browsers on one address, and one of them again: two listeners, two downloads.
    const address = '203.0.113.45';
    const browser = () => `${VISITOR_COOKIE}=${randomUUID()}`;
    const first = browser();
    expect(await get(listen, { agent: BROWSER, address, cookie: first })).toBe(200);
    expect(await get(listen, { agent: `${BROWSER} Edg/131.0.0.0`, address, cookie: browser() })).toBe(200);
    expect(await get(listen, { agent: BROWSER, address, cookie: first })).toBe(200);
    await flush();

    const mine = await downloadsOf(id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ listenerKey: `r:${id}`, route: 'listen' });
    const anonymous = await ctx.db
      .select()
      .from(episodeDownloads)
      .where(and(eq(episodeDownloads.episodeId, episodeId), sql`${episodeDownloads.registrantId} is null`));
    const keys = anonymous.map((row) => row.listenerKey);
    expect(anonymous).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    for (const listenerKey of keys) {
      // The session's hash: the cookie itself, which opens the visitor's window, is not stored.
      expect(listenerKey).toMatch(/^v:[A-Za-z0-9_-]{43}$/);
      expect(listenerKey).not.toContain(first.split('=')[1]);
    }
    // The salt is the day's, in the database, so every process hashes alike.
    const salts = await ctx.db
      .select()
      .from(appMeta)
      .where(sql`${appMeta.key} like 'listening_salt:%'`);
    expect(salts.length).toBeGreaterThanOrEqual(1);

    // What the insights screen reads (src/server/insights/listening-source.ts) agrees with the rows.
    const figures = await listeningPerEpisode(ctx.db, july.id);
    const row = figures.find((figure) => figure.episodeId === episodeId)!;
    const all = await ctx.db.select().from(episodeDownloads).where(eq(episodeDownloads.episodeId, episodeId));
    expect(row).toMatchObject({ episodeId, downloads: all.length, listeners: new Set(all.map((d) => d.listenerKey)).size });
    const registrantRows = await ctx.db
      .selectDistinct({ id: episodeDownloads.registrantId })
      .from(episodeDownloads)
      .where(eq(episodeDownloads.editionId, july.id));
    expect(registrantRows.map((r) => r.id)).toContain(id);
    expect(await registrantsWhoListened(ctx.db, july.id)).toBe(registrantRows.filter((r) => r.id !== null).length);
  });

  it('flags a personal key whose audio comes from more networks in a day than the limit; re-issuing clears it', async () => {
    const { id, audio } = await registrant('shared');
    const fetchFrom = async (address: string) => expect(await get(audio, { address, range: 'bytes=100-199' })).toBe(206);
    // Three networks, one of them twice (another address in the same /24): at the limit, not past it.
    for (const address of ['192.0.2.10', '192.0.2.200', '198.18.5.1', '2001:db8:aa:1::5']) await fetchFrom(address);
    await fetchFrom('2001:db8:aa:2::9'); // the same IPv6 /48
    await flush();
    expect(await flagsOf(ctx.db, july.id)).not.toContainEqual(expect.objectContaining({ registrantId: id }));

    await fetchFrom('203.0.113.99');
    await flush();
    const [flag] = (await flagsOf(ctx.db, july.id)).filter((f) => f.registrantId === id);
    expect(flag).toMatchObject({ registrantId: id, networks: 4 });
    // The insights screen lists it with who it is.
    const insights = await loadEditionInsights(ctx.db, { ...july, name: 'July', timezone: 'UTC' });
    expect(insights.sharedFeeds).toContainEqual(expect.objectContaining({ registrantId: id, networks: 4, day: flag!.day }));
    // Networks are kept only as salted hashes.
    const networks = await ctx.db.select().from(feedNetworks).where(eq(feedNetworks.registrantId, id));
    expect(networks).toHaveLength(4);
    for (const network of networks) expect(network.networkHash).not.toMatch(/192|198|203|2001/);

    const screen = await loadRegistrantAccess({ db: ctx.db, editionId: july.id, id, siteUrl: server.url });
    expect(screen?.sharedFeed).toMatchObject({ networks: 4 });

    const { id: adminId } = await upsertAdmin(ctx.db, parseIdentifier('listen.admin@example.com')!, 'a long enough password');
    const form = new FormData();
    form.set('action', 'reissue');
    const change = await handleRegistrantAccessAction({
      handle: ctx.handle,
      admin: { id: adminId, email: 'listen.admin@example.com', phone: null },
      edition: july,
      id,
      form,
    });
    expect(change.ok).toBe(true);
    expect((await loadRegistrantAccess({ db: ctx.db, editionId: july.id, id, siteUrl: server.url }))?.sharedFeed).toBeNull();
    expect(await ctx.db.select().from(feedNetworks).where(eq(feedNetworks.registrantId, id))).toHaveLength(0);
    // The old link is over; its audio is refused and flags nothing.
    expect(await get(audio, { address: '100.64.9.9' })).toBe(410);
    // The new link passed round the same networks is noticed again.
    const reissued = `${server.url}/feed/${await feedKeyFor(ctx.db, id)}/${episodeId}.mp3`;
    for (const address of ['192.0.2.10', '198.18.5.1', '2001:db8:aa:1::5', '203.0.113.99'])
      expect(await get(reissued, { address, range: 'bytes=100-199' })).toBe(206);
    await flush();
    expect((await loadRegistrantAccess({ db: ctx.db, editionId: july.id, id, siteUrl: server.url }))?.sharedFeed).toMatchObject({
      networks: 4,
    });
  });

  it('erasing a registrant erases their downloads, networks and flag; what they left in memory is dropped', async () => {
    const { id, audio } = await registrant('erased');
    for (const address of ['192.0.2.1', '198.51.100.1', '203.0.113.1', '100.64.0.1']) expect(await get(audio, { address })).toBe(200);
    await flush();
    expect(await downloadsOf(id)).toHaveLength(1);
    expect(await ctx.db.select().from(sharedFeedFlags).where(eq(sharedFeedFlags.registrantId, id))).toHaveLength(1);

    // One more request waits in memory when the erasure comes.
    expect(await get(audio, { address: '100.64.0.2', at: new Date(Date.now() + 30 * HOUR) })).toBe(200);
    const { id: adminId } = await upsertAdmin(ctx.db, parseIdentifier('erase.admin@example.com')!, 'a long enough password');
    const erased = await deleteRegistrant({
      db: ctx.db,
      admin: { id: adminId, email: 'erase.admin@example.com', phone: null },
      editionId: july.id,
      id,
    });
    expect(erased.ok).toBe(true);
    await flush();
    expect(await downloadsOf(id)).toHaveLength(0);
    expect(await ctx.db.select().from(feedNetworks).where(eq(feedNetworks.registrantId, id))).toHaveLength(0);
    expect(await ctx.db.select().from(sharedFeedFlags).where(eq(sharedFeedFlags.registrantId, id))).toHaveLength(0);
  });

  it('keeps one download per window when several processes write the same listener at once', async () => {
    const { id } = await registrant('processes');
    const at = new Date(Date.now() + 3 * HOUR);
    const download = {
      episodeId,
      registrantId: id,
      listenerKey: `r:${id}`,
      earlierKey: `r:${id}`,
      route: 'feed' as const,
      countedAt: at,
      addressHash: null,
    };
    const later = { ...download, countedAt: new Date(at.getTime() + 2 * HOUR) };
    const inserted = await Promise.all([
      insertDownloads(ctx.db, [download]),
      insertDownloads(ctx.db, [later]),
      insertDownloads(ctx.db, [download]),
    ]);
    expect(inserted.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await downloadsOf(id)).toHaveLength(1);
  });

  it('keeps little of what a client sends: a very long agent and a many-range header still count once', async () => {
    const { id, audio } = await registrant('long');
    const ranges = `bytes=${Array.from({ length: 300 }, (_, i) => `${i * 10}-${i * 10 + 5}`).join(',')}`;
    expect(await get(audio, { agent: `${BROWSER} ${'x'.repeat(6000)}`, range: ranges })).toBe(200);
    await flush();
    expect(await downloadsOf(id)).toHaveLength(1);
  });

  /** A different Firefox for each request: what a script rotating its user agent sends. */
  const firefox = (version: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:${version}.0) Gecko/20100101 Firefox/${version}.0`;
  const listenUrl = () => `${server.url}/listen/${episodeId}.mp3`;
  const visitorCookie = () => `${VISITOR_COOKIE}=${randomUUID()}`;
  const rowsOfKey = (key: string) => ctx.db.select().from(episodeDownloads).where(eq(episodeDownloads.listenerKey, key));
  const anonymousRows = async () =>
    (
      await ctx.db
        .select()
        .from(episodeDownloads)
        .where(and(eq(episodeDownloads.episodeId, episodeId), sql`${episodeDownloads.registrantId} is null`))
    ).length;

  it('a visitor with one browser session is one listener, whatever user agents it sends', async () => {
    const cookie = visitorCookie();
    const address = '203.0.113.60';
    for (let i = 0; i < ADDRESS_LIMIT; i++) expect(await get(listenUrl(), { agent: firefox(100 + i), address, cookie })).toBe(200);
    await flush();
    const rows = await rowsOfKey(listenerKey({ visitorSession: cookie.split('=')[1]! }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ episodeId, registrantId: null, route: 'listen' });
  });

  it('counts nothing from one cookie and one address rotating 30 user agents: the address is suspicious', async () => {
    const before = await anonymousRows();
    const cookie = visitorCookie();
    const address = '203.0.113.61';
    for (let i = 0; i < 30; i++) expect(await get(listenUrl(), { agent: firefox(90 + i), address, cookie })).toBe(200);
    await flush();
    expect(await rowsOfKey(listenerKey({ visitorSession: cookie.split('=')[1]! }))).toHaveLength(0);
    expect(await anonymousRows()).toBe(before);
  });

  it('counts nothing from one address without a cookie rotating 30 user agents, nor from one rotating cookies', async () => {
    const before = await anonymousRows();
    // Without a session (the feed's enclosure fetched anonymously, or audio kept elsewhere): address and agent.
    const episode = { id: episodeId, editionId: july.id, sizeBytes: 27_818, durationSeconds: null, bitrate: BITRATE };
    for (let i = 0; i < 30; i++)
      noteAudioRequest({
        episode,
        listener: { registrantId: null, visitorSession: null, address: '203.0.113.62', userAgent: firefox(60 + i) },
        route: 'listen',
        method: 'GET',
        rangeHeader: null,
        at: new Date(),
      });
    // One browser, a new cookie for each request.
    for (let i = 0; i < 30; i++)
      expect(await get(listenUrl(), { agent: BROWSER, address: '203.0.113.63', cookie: visitorCookie() })).toBe(200);
    await flush();
    expect(await anonymousRows()).toBe(before);
  });

  it('removes what an address counted earlier in the day once it passes the limit, in a later round', async () => {
    const before = await anonymousRows();
    const address = '203.0.113.64';
    for (let i = 0; i < ADDRESS_LIMIT; i++)
      expect(await get(listenUrl(), { agent: firefox(70 + i), address, cookie: visitorCookie() })).toBe(200);
    await flush();
    expect(await anonymousRows(), 'at the limit, every listener counts').toBe(before + ADDRESS_LIMIT);
    expect(await get(listenUrl(), { agent: firefox(80), address, cookie: visitorCookie() })).toBe(200);
    await flush();
    expect(await anonymousRows(), 'past it, none of the day does').toBe(before);
  });

  it('still counts ordinary listeners, and registrants on a suspicious address', async () => {
    const before = await anonymousRows();
    // Five households, each a browser or two.
    for (const [index, agents] of [[BROWSER], [BROWSER, firefox(120)], [firefox(121)], [PODCAST_APP], [BROWSER]].entries()) {
      const cookie = visitorCookie();
      for (const agent of agents) expect(await get(listenUrl(), { agent, address: `198.51.100.${100 + index}`, cookie })).toBe(200);
    }
    const { id, key } = await registrant('suspicious-address');
    const address = '203.0.113.65';
    for (let i = 0; i < 10; i++) expect(await get(listenUrl(), { agent: firefox(40 + i), address, cookie: visitorCookie() })).toBe(200);
    expect(await get(listenUrl(), { agent: BROWSER, address, cookie: `${REGISTRANT_COOKIE}=${key}` })).toBe(200);
    await flush();
    expect(await anonymousRows()).toBe(before + 5);
    expect(await downloadsOf(id)).toHaveLength(1);
  });

  it('deleting an episode keeps its listening history: the insights list it under its title', async () => {
    const { id } = await registrant('deleted-episode');
    const [doomed] = await ctx.db
      .insert(episodes)
      .values({
        editionId: july.id,
        day: 2,
        title: 'Said and gone',
        contentType: 'audio/mpeg',
        externalUrl: 'https://cdn.example.org/g.mp3',
      })
      .returning({ id: episodes.id });
    const download = {
      episodeId: doomed!.id,
      registrantId: id,
      listenerKey: `r:${id}`,
      earlierKey: `r:${id}`,
      route: 'feed' as const,
      countedAt: new Date(),
      addressHash: null,
    };
    expect(
      await insertDownloads(ctx.db, [download, { ...download, registrantId: null, listenerKey: 'v:other', earlierKey: 'v:other' }]),
    ).toBe(2);
    await deleteEpisode(ctx.db, doomed!.id);
    invalidateContent();
    const rows = await ctx.db.select().from(episodeDownloads).where(eq(episodeDownloads.episodeId, doomed!.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ deletedEpisodeTitle: 'Said and gone', deletedEpisodeDay: 2 });
    const figures = await listeningPerEpisode(ctx.db, july.id);
    expect(figures.find((figure) => figure.episodeId === doomed!.id)).toEqual({
      episodeId: doomed!.id,
      title: 'Said and gone (deleted)',
      day: 2,
      downloads: 2,
      listeners: 2,
    });
    // Nothing more is counted for it.
    expect(await insertDownloads(ctx.db, [{ ...download, registrantId: null, listenerKey: 'v:third', earlierKey: 'v:third' }])).toBe(0);
  });

  it('counts audio kept elsewhere by the range asked for, since the bytes are not ours to see', async () => {
    const { id, key } = await registrant('elsewhere');
    const [hosted] = await ctx.db
      .insert(episodes)
      .values({
        editionId: july.id,
        day: 1,
        title: 'Hosted elsewhere',
        contentType: 'audio/mpeg',
        externalUrl: 'https://cdn.example.org/a.mp3',
      })
      .returning({ id: episodes.id });
    invalidateContent();
    const url = `${server.url}/feed/${key}/${hosted!.id}`;
    const status = async (init: { method?: string; range?: string }) =>
      (
        await fetch(url, {
          method: init.method ?? 'GET',
          redirect: 'manual',
          headers: { 'user-agent': PODCAST_APP, 'x-forwarded-for': '198.51.100.7', ...(init.range ? { range: init.range } : {}) },
        })
      ).status;
    expect(await status({ method: 'HEAD' })).toBe(302);
    expect(await status({ range: 'bytes=0-1' })).toBe(302);
    // Nothing is known of the file: a minute is taken at 128 kbit/s (960,000 bytes).
    expect(await status({ range: 'bytes=0-99999' })).toBe(302);
    await flush();
    const rows = () =>
      ctx.db
        .select()
        .from(episodeDownloads)
        .where(and(eq(episodeDownloads.episodeId, hosted!.id), eq(episodeDownloads.registrantId, id)));
    expect(await rows()).toHaveLength(0);
    expect(await status({})).toBe(302);
    await flush();
    expect(await rows()).toHaveLength(1);
    await ctx.db.delete(episodes).where(eq(episodes.id, hosted!.id));
    invalidateContent();
  });

  it('keeps what a round could not write while the database is away, and writes it in the next round', async () => {
    const { id, audio } = await registrant('outage');
    expect(await get(audio)).toBe(200);
    // A database that is gone: every query fails, as while Postgres restarts.
    const gone = await openDatabase({ driver: 'pglite' });
    await gone.close();
    await expect(flushListening(gone.db, SETTINGS)).rejects.toThrow();
    expect(await downloadsOf(id)).toHaveLength(0);
    await flush();
    expect(await downloadsOf(id)).toHaveLength(1);
  });

  it('deletes salts older than yesterday', async () => {
    await ctx.db.insert(appMeta).values({ key: 'listening_salt:2020-01-01', value: 'old' }).onConflictDoNothing();
    await ctx.db.insert(appMeta).values({ key: 'listening_salt:2020-01-09', value: 'yesterday' }).onConflictDoNothing();
    await deleteOldSalts(ctx.db, '2020-01-10');
    const left = (
      await ctx.db
        .select({ key: appMeta.key })
        .from(appMeta)
        .where(sql`${appMeta.key} like 'listening_salt:2020%'`)
    ).map((row) => row.key);
    expect(left).toEqual(['listening_salt:2020-01-09']);
  });
});
