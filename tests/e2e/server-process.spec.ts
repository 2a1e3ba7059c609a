import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { fallbackSpeakers } from '../../src/content/fallback-speakers.ts';
import { startServerProcess } from './support/server-process.ts';
import { adminQuery, createScratchDatabase, postgresUrl } from './support/postgres.ts';

const SESSION = '0b8e6f7a-2c4d-4e1f-8a9b-3c5d7e9f1a2b';

async function contentCounts(base: string) {
  const count = async (query: string, key: string) => {
    const body = (await (await fetch(`${base}/api/fetch-speakers?${query}`)).json()) as Record<string, unknown[]>;
    return body[key]?.length;
  };
  return {
    july: await count('', 'speakers'),
    august: await count('summit=august', 'speakers'),
    septemberHosts: await count('summit=september&view=host', 'hosts'),
    septemberBonus: await count('summit=september&view=bonus', 'bonusBundle'),
  };
}

const SEEDED = { july: 20, august: 12, septemberHosts: 3, septemberBonus: 6 };

test.describe('the server process on the embedded database', () => {
  test('creates, migrates and seeds a new data folder, and a restart keeps the data without duplicates', async () => {
    test.setTimeout(120_000); // two server starts, the first creating a new database (seconds each)
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'summit-')), 'data');
    const first = await startServerProcess({ DATA_DIR: dataDir });
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect(await (await fetch(`${first.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(first.logs()).toContain('"driver":"pglite"');
    expect(await contentCounts(first.url)).toEqual(SEEDED);
    const upsert = await fetch(`${first.url}/api/rpc/upsert_user_session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_id_param: SESSION, page_type_param: 'july_day2' }),
    });
    const [recorded] = (await upsert.json()) as { first_visit_timestamp: string }[];
    // Without UNSAFE_TEST_CLOCK (production) the test clock does not exist, and x-test-now moves nothing.
    const clock = await fetch(`${first.url}/api/test/clock`, { method: 'POST', headers: { origin: first.url, 'content-type': 'application/json' }, body: JSON.stringify({ now: '2030-01-01T00:00:00Z' }) });
    expect(clock.status).toBe(404);
    const moved = await fetch(`${first.url}/july/day-1`, { headers: { 'x-test-now': '2030-01-01T00:00:00Z' } });
    expect(moved.status).toBe(200);
    expect(await moved.text()).not.toContain('data-server-now="1893456000000"');
    // The not-found page logs the missing path.
    expect((await fetch(`${first.url}/a/missing-page?x=1`)).status).toBe(404);
    await expect.poll(() => first.logs()).toMatch(/"path":"\/a\/missing-page".*"status":404.*"msg":"not found"/);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.logs()).toContain('"msg":"stopped"');

    const second = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect(await contentCounts(second.url)).toEqual(SEEDED);
      const got = await fetch(`${second.url}/api/rpc/get_user_session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session_id_param: SESSION }),
      });
      expect(await got.json()).toEqual([{ session_id: SESSION, page_type: 'july_day2', first_visit_timestamp: recorded!.first_visit_timestamp }]);
    } finally {
      await second.stop();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});

if (postgresUrl) {
  test.describe('the server process on Postgres', () => {
    test('two instances starting together on one new database migrate and seed it once', async () => {
      const database = await createScratchDatabase();
      const [a, b] = await Promise.all([
        startServerProcess({ DATABASE_URL: database.url }),
        startServerProcess({ DATABASE_URL: database.url }),
      ]);
      try {
        expect(await (await fetch(`${a.url}/healthz`)).json()).toEqual({ status: 'ok' });
        expect(a.logs()).toContain('"driver":"postgres"');
        expect(await contentCounts(a.url)).toEqual(SEEDED);
        expect(await contentCounts(b.url)).toEqual(SEEDED);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await database.drop();
      }
    });

    test('while the database is unreachable, public pages answer their last good copy and the content API its bundled speakers; fresh content returns after', async ({ page }) => {
      test.setTimeout(180_000);
      const database = await createScratchDatabase();
      const server = await startServerProcess({ DATABASE_URL: database.url });
      const get = (path: string) => fetch(`${server.url}${path}`);
      try {
        // Visitors load the public pages while the database is up: the route cache keeps them.
        const landing = await get('/');
        expect(landing.status).toBe(200);
        expect(landing.headers.get('x-served-stale')).toBeNull();
        const landingHtml = await landing.text();
        expect((await get('/august/speakers-embed')).status).toBe(200);
        const hosts = await get('/api/fetch-speakers?summit=august&view=host');
        expect(hosts.status).toBe(200);
        const hostsBody = await hosts.text();

        // The database goes away (every session is cut, no new one is accepted).
        await adminQuery(`alter database ${database.name} allow_connections false`);
        await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database.name}'`);
        await expect.poll(async () => (await get('/healthz')).status).toBe(503);

        // The landing page: its last good copy, said to be stale, not a 500. (The content
        // listener's dropped connection counts as a change, so the copy is out of date and the
        // server tries to render it first.)
        await expect.poll(async () => (await get('/')).headers.get('x-astro-cache')).toBe('STALE-IF-ERROR');
        const stale = await get('/');
        expect(stale.status).toBe(200);
        expect(stale.headers.get('x-served-stale')).toMatch(/^last good copy of \d{4}-/);
        expect(stale.headers.get('warning')).toBe('111 - "Revalidation Failed"');
        expect(stale.headers.get('cache-control')).toBe('no-store');
        expect(await stale.text()).toBe(landingHtml);
        const shown = await page.goto(`${server.url}/`);
        expect(shown?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toContainText('The Sacred Business Audio Summit');
        await expect(page.locator('#speakers [data-speaker-card]').first()).toBeVisible();

        // A widget and the content API: their last good copies.
        const widget = await get('/august/speakers-embed');
        expect(widget.status).toBe(200);
        expect(widget.headers.get('x-served-stale')).toMatch(/^last good copy of /);
        expect(await widget.text()).toContain('data-speaker-card');
        const staleHosts = await get('/api/fetch-speakers?summit=august&view=host');
        expect(staleHosts.status).toBe(200);
        expect(staleHosts.headers.get('x-served-stale')).toMatch(/^last good copy of /);
        expect(await staleHosts.text()).toBe(hostsBody);

        // The default speakers, never asked for before: the bundled list.
        const bundled = await get('/api/fetch-speakers');
        expect(bundled.status).toBe(200);
        expect(bundled.headers.get('x-served-stale')).toBe('bundled fallback speakers');
        expect(bundled.headers.get('cache-control')).toBe('no-store');
        const speakers = ((await bundled.json()) as { speakers: { firstName: string; lastName: string }[] }).speakers;
        expect(speakers).toHaveLength(20);
        expect(`${speakers[0]!.firstName} ${speakers[0]!.lastName}`).toBe(`${fallbackSpeakers[0]!.firstName} ${fallbackSpeakers[0]!.lastName}`);

        // What has no copy and needs the database: a clear answer, no stack trace.
        const api = await get('/api/fetch-speakers?summit=september&view=host');
        expect(api.status).toBe(503);
        expect(api.headers.get('retry-after')).toBe('30');
        expect(await api.json()).toEqual({ error: expect.stringMatching(/unavailable for a moment/) });
        const personal = await page.goto(`${server.url}/july/day-1`);
        expect(personal?.status()).toBeGreaterThanOrEqual(500);
        await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
        expect(await page.content()).not.toMatch(/\bat \S+ \(|node_modules|Error: /);
        expect(server.logs()).toContain('serving its last good copy');

        // The database comes back: fresh pages again, and the content listener reconnected (a
        // change announced by another process shows at once).
        await adminQuery(`alter database ${database.name} allow_connections true`);
        await expect.poll(async () => (await get('/healthz')).status).toBe(200);
        await expect.poll(async () => (await get('/')).headers.get('x-served-stale'), { timeout: 30_000 }).toBeNull();
        expect((await get('/')).status).toBe(200);
        await expect.poll(async () => (await get('/api/fetch-speakers')).headers.get('x-served-stale')).toBeNull();
        const question = 'Is the summit back after an outage?';
        await expect
          .poll(
            async () => {
              const client = new pg.Client({ connectionString: database.url });
              await client.connect();
              try {
                await client.query(`update faq_items set question = $1 where id = (select min(id) from faq_items)`, [question]);
                await client.query(`notify summit_content_changed`);
              } finally {
                await client.end();
              }
              return (await (await get('/')).text()).includes(question);
            },
            { timeout: 30_000 },
          )
          .toBe(true);
      } finally {
        await server.stop();
        await adminQuery(`alter database ${database.name} allow_connections true`).catch(() => {});
        await database.drop();
      }
    });
  });
}
