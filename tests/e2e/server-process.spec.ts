import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
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

    test('shows the route-error screen while the database is unreachable, and recovers after', async ({ page }) => {
      const database = await createScratchDatabase();
      const server = await startServerProcess({ DATABASE_URL: database.url });
      try {
        await adminQuery(`alter database ${database.name} allow_connections false`);
        await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database.name}'`);

        const response = await page.goto(`${server.url}/`);
        expect(response?.status()).toBe(500);
        await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
        const html = await page.content();
        expect(html).not.toMatch(/\bat \S+ \(|node_modules|Error: /);

        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(503);
        const api = await fetch(`${server.url}/api/fetch-speakers?summit=august&view=host`);
        expect(api.status).toBe(500);
        expect(await api.json()).toEqual({ error: expect.stringMatching(/went wrong/) });

        await adminQuery(`alter database ${database.name} allow_connections true`);
        await expect.poll(async () => (await fetch(`${server.url}/healthz`)).status).toBe(200);
        expect((await page.goto(`${server.url}/`))?.status()).toBe(200);
      } finally {
        await server.stop();
        await adminQuery(`alter database ${database.name} allow_connections true`).catch(() => {});
        await database.drop();
      }
    });
  });
}
