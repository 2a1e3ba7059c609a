import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { fallbackSpeakers } from '../../src/content/site/fallback-speakers.ts';
import { speakers as julySpeakers } from '../../src/content/people/july.ts';
import { RUNTIME_ENV, RUNTIME_FLAGS } from '../../src/server/runtime-flags.ts';
import { startServerProcess } from './support/server-process.ts';
import { adminQuery, createScratchDatabase, NEEDS_POSTGRES, postgresUrl } from './support/postgres.ts';

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
    const clock = await fetch(`${first.url}/api/test/clock`, {
      method: 'POST',
      headers: { origin: first.url, 'content-type': 'application/json' },
      body: JSON.stringify({ now: '2030-01-01T00:00:00Z' }),
    });
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
      expect(await got.json()).toEqual([
        { session_id: SESSION, page_type: 'july_day2', first_visit_timestamp: recorded!.first_visit_timestamp },
      ]);
    } finally {
      await second.stop();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  test('runs with its memory settings, however it was started, and says where its memory goes when asked (SIGUSR2)', async () => {
    test.setTimeout(120_000);
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'summit-')), 'data');
    // Started as the tests (and a service manager) start it: `node src/server/main.ts`, no flags.
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      // The same process (one pid), now running with the flags and environment.
      const commandLine = fs.readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
      for (const flag of RUNTIME_FLAGS) expect(commandLine).toContain(flag);
      const environment = fs.readFileSync(`/proc/${server.pid}/environ`, 'utf8').split('\0');
      for (const [name, value] of Object.entries(RUNTIME_ENV)) expect(environment).toContain(`${name}=${value}`);

      process.kill(server.pid, 'SIGUSR2');
      await expect.poll(() => server.logs().includes('"msg":"process report"')).toBe(true);
      const line = server
        .logs()
        .split('\n')
        .find((text) => text.includes('"msg":"process report"'))!;
      const { memory, eventLoopDelayMs } = JSON.parse(line) as {
        memory: { rss: number; heapUsed: number; database: number; cacheDetail: { name: string }[] };
        eventLoopDelayMs: { max: number };
      };
      expect(memory.rss).toBeGreaterThan(memory.heapUsed);
      // PGlite's WebAssembly memory stays at its 128 MB floor: Postgres's default 128 MB of shared buffers would take it to about 190 MB.
      expect(memory.database).toBe(128 * 2 ** 20);
      expect(memory.cacheDetail.length).toBeGreaterThan(0);
      expect(eventLoopDelayMs.max).toBeGreaterThan(0);
      expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    } finally {
      await server.stop();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});

test.describe('the server process on Postgres', () => {
  test.skip(!postgresUrl, NEEDS_POSTGRES);
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

  test('while the database is unreachable, public pages answer their last good copy, or bundled content when they have none, pages that need the database a 503, and the content API its bundled speakers; fresh content returns after', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const database = await createScratchDatabase();
    // `server` answers pages before the outage (its route cache keeps them); `cold` answers
    // nothing before it, so every page it shows during the outage is one it never rendered.
    const server = await startServerProcess({ DATABASE_URL: database.url });
    const cold = await startServerProcess({ DATABASE_URL: database.url });
    const get = (path: string) => fetch(`${server.url}${path}`);
    const getCold = (path: string) => fetch(`${cold.url}${path}`);
    const register = (firstName: string, email: string) =>
      fetch(`${cold.url}/register`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: cold.url, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ firstName, email, consent: 'on', summit: 'july' }),
      });
    const bundledName = `${fallbackSpeakers[0]!.firstName} ${fallbackSpeakers[0]!.lastName}`;
    const julyName = `${julySpeakers[0]!.firstName} ${julySpeakers[0]!.lastName}`;
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
      await expect.poll(async () => (await getCold('/healthz')).status).toBe(503);

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
      expect(`${speakers[0]!.firstName} ${speakers[0]!.lastName}`).toBe(
        `${fallbackSpeakers[0]!.firstName} ${fallbackSpeakers[0]!.lastName}`,
      );

      // What has no copy and needs the database: a clear answer, no stack trace.
      const api = await get('/api/fetch-speakers?summit=september&view=host');
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('30');
      expect(await api.json()).toEqual({ error: expect.stringMatching(/unavailable for a moment/) });
      const personal = await page.goto(`${server.url}/july/day-1`);
      expect(personal?.status()).toBe(503);
      expect(await personal?.headerValue('retry-after')).toBe('30');
      await expect(page.getByRole('heading', { name: 'Temporarily unavailable' })).toBeVisible();
      await expect(page.getByText('The summit is unavailable for a moment. Please try again shortly.')).toBeVisible();
      expect(await page.content()).not.toMatch(/\bat \S+ \(|node_modules|Error: /);
      expect(server.logs()).toContain('serving its last good copy');

      // Pages the cold server never rendered: the landing and the general widget from what the
      // process read at start (the editions) and the bundled speakers, never cached as good.
      for (const path of ['/', '/speakers-embed']) {
        const answer = await getCold(path);
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get('x-served-stale'), path).toBe('bundled content: the database cannot be read');
        expect(answer.headers.get('cache-control'), path).toBe('no-store');
        const html = await answer.text();
        expect(html, path).toContain(bundledName);
        expect(html, path).not.toContain(julyName);
      }
      const coldLanding = await page.goto(`${cold.url}/`);
      expect(coldLanding?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('The Sacred Business Audio Summit');
      await expect(page.locator('#speakers [data-speaker-card]')).toHaveCount(20);
      await expect(page.locator('#speakers [role="alert"]')).toHaveCount(0);
      const coldApi = await getCold('/api/fetch-speakers');
      expect(coldApi.status).toBe(200);
      expect(coldApi.headers.get('x-served-stale')).toBe('bundled fallback speakers');
      expect(((await coldApi.json()) as { speakers: unknown[] }).speakers).toHaveLength(20);
      // A page that needs the database and has no copy: 503 with Retry-After, branded, no trace.
      const dayPage = await getCold('/july/day-1');
      expect(dayPage.status).toBe(503);
      expect(dayPage.headers.get('retry-after')).toBe('30');
      expect(dayPage.headers.get('cache-control')).toBe('no-store');
      const dayHtml = await dayPage.text();
      expect(dayHtml).toContain('Temporarily unavailable');
      expect(dayHtml).not.toMatch(/\bat \S+ \(|node_modules|Error: /);
      // A registration: the form again with what the visitor typed and why it was not saved.
      const refused = await register('Ada', 'ada.outage@example.com');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      const form = await refused.text();
      expect(form).toContain('We could not save your registration just now. Please try again in a minute.');
      expect(form).toMatch(/name="firstName"[^>]*value="Ada"|value="Ada"[^>]*name="firstName"/);
      expect(form).toMatch(/name="email"[^>]*value="ada.outage@example.com"|value="ada.outage@example.com"[^>]*name="email"/);
      expect(form).toMatch(/name="consent"[^>]*checked|checked[^>]*name="consent"/);
      const enhanced = await fetch(`${cold.url}/register`, {
        method: 'POST',
        headers: { origin: cold.url, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ firstName: 'Ada', email: 'ada.outage@example.com', consent: 'on' }),
      });
      expect(enhanced.status).toBe(503);
      expect(enhanced.headers.get('retry-after')).toBe('30');
      expect(await enhanced.json()).toEqual({
        ok: false,
        error: 'We could not save your registration just now. Please try again in a minute.',
      });

      // The database comes back: fresh pages again, and the content listener reconnected (a
      // change announced by another process shows at once).
      await adminQuery(`alter database ${database.name} allow_connections true`);
      await expect.poll(async () => (await get('/healthz')).status).toBe(200);
      await expect.poll(async () => (await get('/')).headers.get('x-served-stale'), { timeout: 30_000 }).toBeNull();
      expect((await get('/')).status).toBe(200);
      await expect.poll(async () => (await get('/api/fetch-speakers')).headers.get('x-served-stale')).toBeNull();
      // The cold server: the real content again, cached as usual, and the registration goes through.
      await expect.poll(async () => (await getCold('/healthz')).status).toBe(200);
      for (const path of ['/', '/speakers-embed']) {
        await expect.poll(async () => (await getCold(path)).headers.get('x-served-stale'), { timeout: 30_000 }).toBeNull();
        const answer = await getCold(path);
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get('cache-control'), path).toMatch(/^public, max-age=/);
        const html = await answer.text();
        expect(html, path).toContain(julyName);
        expect(html, path).not.toContain(bundledName);
      }
      expect((await getCold('/july/day-1')).status).toBe(200);
      const saved = await register('Ada', 'ada.outage@example.com');
      expect(saved.status).toBe(303);
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
      await Promise.all([server.stop(), cold.stop()]);
      await adminQuery(`alter database ${database.name} allow_connections true`).catch(() => {});
      await database.drop();
    }
  });
});
