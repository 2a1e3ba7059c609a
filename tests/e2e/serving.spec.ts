/**
 * How the production server serves: production React, the route cache (compressed
 * copies, ETag/304, query strings that cannot flood it), one log line per request, and personal
 * pages whose returning visitors need no database. Each test starts its own server process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { createScratchDatabase, NEEDS_POSTGRES, postgresUrl } from './support/postgres.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { VISITOR_ROWS_PER_MINUTE } from '../../src/server/access/visitor-limits.ts';

/** Resident memory of a process, in bytes. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

function requestLines(logs: string, pathname: string): number {
  return logs.split('\n').filter((line) => line.includes(`"path":"${pathname}"`) && /"msg":"request"/.test(line)).length;
}

test.describe('the production server', () => {
  // One server for these tests: a new data folder takes long to create on a loaded machine.
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let root: string;
  let database: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  let server: ServerProcess;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-serving-'));
    // On Postgres when there is one: a new PGlite folder takes long to create on a busy machine.
    database = postgresUrl ? await createScratchDatabase() : null;
    const storage: Record<string, string> = database ? { DATABASE_URL: database.url } : { DATA_DIR: path.join(root, 'data') };
    // NODE_ENV from the shell does not matter: the production entry runs in production mode.
    server = await startServerProcess({ ...storage, NODE_ENV: 'development', LOG_LEVEL: 'info' });
  });
  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test('renders with React’s production build, whatever NODE_ENV the shell had', async () => {
    expect((await fetch(`${server.url}/july/day-1`)).status).toBe(200);
    const listening = server
      .logs()
      .split('\n')
      .find((line) => line.includes('"msg":"listening"'));
    // The running process reports which react-dom server file its module cache holds.
    expect(JSON.parse(listening!)).toMatchObject({ nodeEnv: 'production', react: 'production' });
  });

  test('public pages come from the route cache, compressed once, with ETag and 304', async () => {
    const first = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(first.headers.get('x-astro-cache')).toBe('MISS');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"/);

    for (const encoding of ['br', 'gzip']) {
      const hit = await fetch(`${server.url}/?utm_source=mail&anything=${encoding}`, { headers: { 'accept-encoding': encoding } });
      expect(hit.headers.get('x-astro-cache')).toBe('HIT');
      expect(hit.headers.get('content-encoding')).toBe(encoding);
      expect(hit.headers.get('vary')).toBe('Accept-Encoding');
      expect(await hit.text()).toContain('<html'); // fetch decodes it
    }
    const notModified = await fetch(`${server.url}/`, { headers: { 'if-none-match': etag! } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    // Hits answered before Astro are logged with the cache's verdict too.
    await expect
      .poll(
        () =>
          server
            .logs()
            .split('\n')
            .filter((line) => line.includes('"path":"/"') && line.includes('"cache":"HIT"')).length,
      )
      .toBeGreaterThanOrEqual(3);

    // The content API: its own parameters make entries, anything else does not.
    const api = await fetch(`${server.url}/api/fetch-speakers?summit=august&junk=1`);
    expect((await api.json()) as object).toHaveProperty('speakers');
    expect((await fetch(`${server.url}/api/fetch-speakers?junk=2&summit=august`)).headers.get('x-astro-cache')).toBe('HIT');
    expect((await fetch(`${server.url}/api/fetch-speakers?summit=september&view=host`)).headers.get('x-astro-cache')).toBe('MISS');

    // Personal pages are never stored; they go out gzip from their kept parts.
    const day = await fetch(`${server.url}/july/day-1`, { headers: { 'accept-encoding': 'gzip' } });
    expect(day.headers.get('x-astro-cache')).toBeNull();
    expect(day.headers.get('cache-control')).toBe('private, no-store');
    expect(day.headers.get('content-encoding')).toBe('gzip');
  });

  test('20,000 distinct query strings make no new cache entries, keep memory bounded, and each writes its log line', async () => {
    const linesBefore = requestLines(server.logs(), '/');
    await fetch(`${server.url}/`);
    // Warm up the same way, so the figure below is what the flood itself adds.
    await autocannon({ url: `${server.url}/?warm=1`, connections: 20, amount: 2000 });
    const before = rssOf(server.pid);

    let n = 0;
    const result = await autocannon({
      url: server.url,
      connections: 20,
      amount: 20_000,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/?junk=${n++}` }) }],
    });
    expect(result.non2xx + result.errors).toBe(0);
    const after = rssOf(server.pid);
    // Stated bound: the flood adds less than 64 MB of resident memory (the route cache's byte
    // bound alone is 48 MB, and these requests add no entry at all).
    expect(after - before).toBeLessThan(64 * 1024 * 1024);
    expect((await fetch(`${server.url}/?junk=last`)).headers.get('x-astro-cache')).toBe('HIT');

    // Every request wrote its line, the cached ones included: 1 + 2000 + 20000 + 1 for "/".
    await expect.poll(() => requestLines(server.logs(), '/') - linesBefore, { timeout: 15_000 }).toBe(22_002);
  });
});

/**
 * A server on its own scratch Postgres database and a second connection to that database (to
 * count rows and lock tables); the server's log is printed when the test fails.
 */
async function onScratchServer(run: (scratch: { server: ServerProcess; locker: pg.Client }) => Promise<void>): Promise<void> {
  const database = await createScratchDatabase();
  const server = await startServerProcess({ DATABASE_URL: database.url });
  const locker = new pg.Client({ connectionString: database.url });
  try {
    await run({ server, locker });
  } catch (error) {
    console.log(server.logs().slice(-4000));
    throw error;
  } finally {
    await locker.end().catch(() => {});
    await server.stop();
    await database.drop();
  }
}

test.describe('personal pages on Postgres', () => {
  test.skip(!postgresUrl, NEEDS_POSTGRES);
  test.describe.configure({ timeout: 180_000 });

  test('a first visit writes one row; a returning visitor’s page needs no database at all', () =>
    onScratchServer(async ({ server, locker }) => {
      const first = await fetch(`${server.url}/july/day-1`);
      expect(first.status).toBe(200);
      const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
      const firstHtml = await first.text();
      const deadline = /data-deadline="(\d+)"/.exec(firstHtml)![1];
      for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/july/day-1`, { headers: { cookie } })).status).toBe(200);

      await locker.connect();
      const { rows } = await locker.query(`select count(*)::int as n from user_sessions where session_id = $1`, [cookie.split('=')[1]]);
      expect(rows[0].n).toBe(1);

      // Lock every table a day page reads or writes: anything that touched the database would wait.
      await locker.query('begin');
      await locker.query('lock table editions, timer_configs, user_sessions, edition_days, speakers, hosts in access exclusive mode');
      // A new visitor must write a row, so it waits (the lock is real)...
      await expect(fetch(`${server.url}/july/day-1`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
      // ...while the returning visitor gets their page, window intact, at once.
      const returning = await fetch(`${server.url}/july/day-1`, { headers: { cookie }, signal: AbortSignal.timeout(2000) });
      expect(returning.status).toBe(200);
      const html = await returning.text();
      expect(html).toContain(`data-deadline="${deadline}"`);
      expect(html).toContain('Your access to this page ends in');
      // The same page apart from the visitor's own banner.
      const withoutBanner = (page: string) => page.replace(/<section[^>]*data-countdown[\s\S]*?<\/section>/, '');
      expect(withoutBanner(html)).toBe(withoutBanner(firstHtml));
      await locker.query('rollback');
    }));

  test('new visitors get a session and one row each up to the per-client limit, then the page from memory with nothing recorded; pages come gzip when asked', () =>
    onScratchServer(async ({ server, locker }) => {
      // The first visit renders and keeps the page; the next ones are served from it.
      const first = await fetch(`${server.url}/july/day-1`, { headers: { 'accept-encoding': 'identity' } });
      expect(first.status).toBe(200);
      const plainHtml = await first.text();
      const answers = [];
      for (let i = 0; i < VISITOR_ROWS_PER_MINUTE + 20; i++)
        answers.push(await fetch(`${server.url}/july/day-1`, { headers: { 'accept-encoding': 'gzip' } }));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      // Sent compressed (fetch decodes it), the same page apart from the countdown.
      expect(answers.every((answer) => answer.headers.get('content-encoding') === 'gzip')).toBe(true);
      const withoutBanner = (page: string) => page.replace(/<section[^>]*data-countdown[\s\S]*?<\/section>/, '');
      expect(withoutBanner(await answers.at(-1)!.text())).toBe(withoutBanner(plainHtml));
      const sessions = answers.map((answer) => /summit_session=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1]).filter(Boolean);
      // The first visit took one of the minute's sessions; the rest of the allowance went to the next ones.
      expect(sessions).toHaveLength(VISITOR_ROWS_PER_MINUTE - 1);
      await locker.connect();
      const { rows } = await locker.query('select count(*)::int as n from user_sessions');
      expect(rows[0].n).toBe(VISITOR_ROWS_PER_MINUTE);

      // Past the limit the refusal is remembered: even with the session and limit tables locked, a new visitor is answered at once.
      await locker.query('begin');
      await locker.query('lock table user_sessions, rate_limits in access exclusive mode');
      const refused = await fetch(`${server.url}/july/day-1`, { signal: AbortSignal.timeout(2000) });
      expect(refused.status).toBe(200);
      expect(refused.headers.get('set-cookie')).toBeNull();
      expect(await refused.text()).toContain('Your access to this page ends in');
      await locker.query('rollback');
    }));

  test('a signed-in registrant and a registrants-only edition are never served from an anonymous visitor’s memory; a returning registrant reads no row', () =>
    onScratchServer(async ({ server, locker }) => {
      // An anonymous visitor of august day 1: their first visit is remembered and the shell kept.
      const first = await fetch(`${server.url}/august/day-1`);
      expect(first.status).toBe(200);
      const visitor = first.headers.get('set-cookie')!.split(';')[0]!;
      expect((await fetch(`${server.url}/august/day-1`, { headers: { cookie: visitor } })).status).toBe(200);

      // The same browser registers: it is signed in as a registrant now.
      const registration = await fetch(`${server.url}/register`, {
        method: 'POST',
        headers: { origin: server.url, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ firstName: 'Shell', email: 'shell@example.com', consent: 'on', summit: 'august' }),
      });
      expect(registration.status).toBe(200);
      const key = /summit_registrant=([^;]+)/.exec(registration.headers.get('set-cookie') ?? '')?.[1];
      expect(key).toBeTruthy();
      const both = `${visitor}; summit_registrant=${key}`;

      // Their page is their own: the header names their summit, not the anonymous shell's.
      const own = await fetch(`${server.url}/august/day-1`, { headers: { cookie: both } });
      expect(own.status).toBe(200);
      const ownHtml = await own.text();
      const ownNav = /<nav aria-label="Your summit"[^>]*>/.exec(ownHtml)?.[0];
      expect(ownNav).toContain('data-registrant-nav');
      expect(ownNav).not.toMatch(/\shidden\b/);
      expect(ownHtml).not.toContain('data-personal-slot');

      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table editions, timer_configs, user_sessions, registrants, registrant_visits in access exclusive mode');
      // The anonymous visitor alone is still served from memory...
      expect((await fetch(`${server.url}/august/day-1`, { headers: { cookie: visitor }, signal: AbortSignal.timeout(2000) })).status).toBe(
        200,
      );
      // ...and so is the returning registrant: their key, tier and first visit are remembered too.
      const remembered = await fetch(`${server.url}/august/day-1`, { headers: { cookie: both }, signal: AbortSignal.timeout(2000) });
      expect(remembered.status).toBe(200);
      expect(await remembered.text()).toContain('data-registrant-nav');
      await locker.query('rollback');

      // A registrants-only edition: the remembered anonymous visitor is sent to registration.
      await locker.query(`update editions set access_mode = 'registrants' where slug = 'august'`);
      await locker.query('notify summit_content_changed');
      await expect
        .poll(async () =>
          (await fetch(`${server.url}/august/day-1`, { headers: { cookie: visitor }, redirect: 'manual' })).headers.get('location'),
        )
        .toBe('/register?summit=august&next=%2Faugust%2Fday-1');
      expect((await fetch(`${server.url}/august/day-1`, { headers: { cookie: both } })).status).toBe(200);
    }));
});
