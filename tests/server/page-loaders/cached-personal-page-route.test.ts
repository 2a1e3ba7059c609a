/**
 * The cached personal page route (src/server/page-loaders/cached-personal-page-route.ts) on a real server and the
 * process's database. When it declines, the request goes on to the Astro page: the stand-in
 * next handler answers 299 "declined". The page shell is kept here as src/middleware.ts keeps it
 * after the Astro page rendered it (cacheShell), under the key the Astro page works out for an
 * anonymous visitor (personalPageOf, which src/server/page-loaders/timed-page.ts personalize calls too).
 */
import { gunzipSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_SLOT_MARKUP } from '../../../src/domain/personal-page.ts';
import { pageTypeFor, type Edition, type TimerConfig } from '../../../src/domain/edition.ts';
import { accessFromMemory } from '../../../src/server/access/page-access.ts';
import { REGISTRANT_COOKIE } from '../../../src/server/access/registrant-session.ts';
import { loadTimerConfig } from '../../../src/server/access/timer-configs.ts';
import { VISITOR_COOKIE } from '../../../src/server/access/visitor-cookie.ts';
import { browserFirstVisit } from '../../../src/server/access/visits.ts';
import { invalidateContent } from '../../../src/server/caching/content-cache.ts';
import { editions, userSessions } from '../../../src/server/db/schema.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { serveCachedPersonalPage } from '../../../src/server/page-loaders/cached-personal-page-route.ts';
import { cacheShell, personalPageOf, REGISTRANT_MARKERS } from '../../../src/server/page-loaders/cached-personal-pages.ts';
import { describeEachDatabase, useProcessDatabase } from '../../support/databases.ts';
import { rawRequest, useLoopbackServer } from '../../support/loopback-server.ts';

const DECLINED = 299;
const SHELL = `<!doctype html><main><h1>Day one of July</h1>${PERSONAL_SLOT_MARKUP}<p>The rest of the page.</p></main>`;

describeEachDatabase('the cached personal page route', (database) => {
  const ctx = useProcessDatabase(database);
  /** How each request was settled: at once ('sync') or after a promise ('async'). */
  const settled: string[] = [];
  const server = useLoopbackServer((req, res) => {
    const declined = (served: boolean) => {
      if (!served) res.writeHead(DECLINED, { 'content-type': 'text/plain' }).end('declined');
    };
    const served = serveCachedPersonalPage(req, res);
    if (typeof served === 'boolean') {
      settled.push('sync');
      declined(served);
    } else {
      settled.push('async');
      served.then(declined, (error: unknown) => res.writeHead(500).end(String(error)));
    }
  });

  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.port, { path, headers });
  const sessionRows = async () => (await ctx.db.select({ rows: count() }).from(userSessions))[0]!.rows;

  let july: Edition;
  let timer: TimerConfig | null;

  /** Loads what the fast path only peeks at: the edition and the day's timer. */
  async function loadJuly() {
    july = (await readEdition(ctx.db, 'july'))!;
    timer = await loadTimerConfig(ctx.db, july.id, 'day1');
  }

  /** Keeps /july/day-1's shell as the Astro page would after rendering it for an anonymous visitor. */
  async function keepDayOne(edition: Edition = july) {
    const url = new URL('/july/day-1', server.url);
    const now = new Date();
    const open = accessFromMemory({ edition, page: 'day1', viewer: { kind: 'anonymous' }, timer, firstVisit: now, now, pageUrl: url });
    expect(open).not.toBeNull();
    const personal = personalPageOf({
      url,
      forwardedProto: null,
      access: open!.access,
      hostContext: open!.hostContext,
      viewer: 'anonymous',
      days: new Map([[1, open!.listening]]),
      edition,
      now,
      dayLabel: 'Day 1',
      registrant: null,
      readerZone: null,
    });
    await cacheShell(personal, new Response(SHELL, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } }));
  }

  let visitor: string;

  it('declines while the edition and timer are not loaded, and while the page is not kept, recording nothing', async () => {
    expect((await get('/july/day-1')).status).toBe(DECLINED);
    await loadJuly();
    expect(timer).not.toBeNull();
    settled.length = 0;
    const notKept = await get('/july/day-1');
    expect(notKept.status).toBe(DECLINED);
    expect(notKept.headers['set-cookie']).toBeUndefined();
    expect(await sessionRows()).toBe(0);
  });

  it('answers a new visitor from the kept page with a session cookie and one recorded row', async () => {
    await keepDayOne();
    settled.length = 0;
    const answer = await get('/july/day-1');
    expect(answer.status).toBe(200);
    expect(settled).toEqual(['async']);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    const page = answer.body.toString();
    expect(page).toContain('<h1>Day one of July</h1>');
    expect(page).toContain('<p>The rest of the page.</p>');
    expect(page).not.toContain(PERSONAL_SLOT_MARKUP);
    const cookie = (answer.headers['set-cookie'] ?? [])[0] ?? '';
    expect(cookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=[0-9a-f-]{36};`));
    visitor = cookie.split(';')[0]!;
    expect(await sessionRows()).toBe(1);
  });

  it('answers a returning anonymous visitor at once from memory, plain or gzip, with no new cookie or row', async () => {
    settled.length = 0;
    const plain = await get('/july/day-1', { cookie: visitor });
    expect(plain.status).toBe(200);
    expect(settled).toEqual(['sync']);
    expect(plain.headers['set-cookie']).toBeUndefined();
    expect(plain.body.toString()).toContain('<h1>Day one of July</h1>');

    const gzip = await get('/july/day-1', { cookie: visitor, 'accept-encoding': 'gzip' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(gunzipSync(gzip.body).toString()).toContain('<h1>Day one of July</h1>');
    expect(await sessionRows()).toBe(1);
  });

  it('declines a registrant cookie, a session this process has not recorded, a trailing slash and a POST', async () => {
    expect((await get('/july/day-1', { cookie: `${REGISTRANT_COOKIE}=anything; ${visitor}` })).status).toBe(DECLINED);
    expect((await get('/july/day-1', { cookie: `${VISITOR_COOKIE}=00000000-0000-4000-8000-000000000000` })).status).toBe(DECLINED);
    expect((await get('/july/day-1', { cookie: `${VISITOR_COOKIE}=not-a-session` })).status).toBe(DECLINED);
    expect((await get('/july/day-1/', { cookie: visitor })).status).toBe(DECLINED);
    expect((await rawRequest(server.port, { method: 'POST', path: '/july/day-1', headers: { cookie: visitor } })).status).toBe(DECLINED);
    // The same visitor is still answered: what declined was the request, not the page.
    expect((await get('/july/day-1', { cookie: visitor })).status).toBe(200);
  });

  it('declines a registrants-only edition, even with its page kept, and answers again once it is open', async () => {
    // A content change empties the kept pages and the remembered first visits; the Astro page
    // keeps them again on the visitor's next request, as done here.
    const change = async (mode: 'open' | 'registrants') => {
      await ctx.db.update(editions).set({ accessMode: mode }).where(eq(editions.slug, 'july'));
      invalidateContent();
      await loadJuly();
      await browserFirstVisit({ db: ctx.db, sessionId: visitor.split('=')[1]!, pageType: pageTypeFor('july', 'day1'), now: new Date() });
    };
    await change('registrants');
    expect(july.accessMode).toBe('registrants');
    await keepDayOne({ ...july, accessMode: 'open' });
    expect((await get('/july/day-1', { cookie: visitor })).status).toBe(DECLINED);
    expect((await get('/july/day-1')).status).toBe(DECLINED);

    await change('open');
    await keepDayOne();
    expect((await get('/july/day-1', { cookie: visitor })).status).toBe(200);
  });

  it('writes a signed-in registrant’s countdown and openings in their own zone where known, an anonymous visitor’s in the edition’s', async () => {
    await loadJuly();
    const url = new URL('/july/day-1', server.url);
    const now = new Date();
    const open = accessFromMemory({
      edition: july,
      page: 'day1',
      viewer: { kind: 'anonymous' },
      timer,
      firstVisit: now,
      now,
      pageUrl: url,
    });
    const part = (registrant: boolean, readerZone: string | null) =>
      personalPageOf({
        url,
        forwardedProto: null,
        access: open!.access,
        hostContext: open!.hostContext,
        viewer: registrant ? 'registrant' : 'anonymous',
        days: new Map(),
        edition: july,
        now,
        dayLabel: 'Day 1',
        registrant: registrant ? REGISTRANT_MARKERS : null,
        readerZone,
      });
    expect(july.timezone).not.toBe('America/New_York');
    expect(part(true, 'America/New_York').timeZone).toBe('America/New_York');
    expect(part(true, null).timeZone).toBe(july.timezone);
    expect(part(true, 'Mars/Olympus').timeZone).toBe(july.timezone);
    // An anonymous visitor's zone is not known on the server: the edition's, named.
    expect(part(false, 'America/New_York').timeZone).toBe(july.timezone);
  });
});

describe('the kept-page route on other paths', () => {
  const server = useLoopbackServer((req, res) => {
    if (serveCachedPersonalPage(req, res) === false) res.writeHead(DECLINED).end();
  });
  beforeAll(() => invalidateContent());

  it('declines synchronously anything that is not a day page or dashboard', async () => {
    for (const path of ['/', '/register', '/july/day-4', '/july/speakers', '/day-1x']) {
      expect((await rawRequest(server.port, { path })).status, path).toBe(DECLINED);
    }
  });
});
