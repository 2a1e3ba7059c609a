import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { openDatabase, type DbOptions } from '../../src/server/db/client.ts';
import { registrants } from '../../src/server/db/schema.ts';
import { isConfirmation, outboxMessages } from './support/mail.ts';
import { createScratchDatabase, NEEDS_POSTGRES, postgresUrl } from './support/postgres.ts';
import { startServerProcess } from './support/server-process.ts';

const REGISTRATIONS = 200;

async function registerConcurrently(base: string): Promise<{ accepted: string[]; statuses: number[] }> {
  const emails = Array.from({ length: REGISTRATIONS }, (_, i) => `load.${i}.${Date.now()}@example.com`);
  const results = await Promise.all(
    emails.map(async (email, i) => {
      const response = await fetch(`${base}/register`, {
        method: 'POST',
        headers: { origin: base, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ firstName: `Load ${i}`, email, consent: 'on' }),
      });
      const body = (await response.json()) as { ok: boolean };
      return { email, status: response.status, ok: body.ok };
    }),
  );
  return { accepted: results.filter((r) => r.ok).map((r) => r.email), statuses: results.map((r) => r.status) };
}

async function storedRegistrants(options: DbOptions): Promise<{ total: number; distinct: number }> {
  const handle = await openDatabase(options);
  try {
    const [row] = await handle.db
      .select({ total: count(), distinct: sql<number>`count(distinct ${registrants.email})::int` })
      .from(registrants);
    return { total: row?.total ?? 0, distinct: row?.distinct ?? 0 };
  } finally {
    await handle.close();
  }
}

test(`${REGISTRATIONS} concurrent registrations on the embedded database are all stored, once each`, async () => {
  test.setTimeout(120_000);
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'summit-load-')), 'data');
  const server = await startServerProcess({ DATA_DIR: dataDir, REGISTRATION_RATE_LIMIT: '100000', LOG_LEVEL: 'warn' });
  let result: Awaited<ReturnType<typeof registerConcurrently>>;
  try {
    result = await registerConcurrently(server.url);
    // The outbox gets one confirmation per new registrant.
    await expect.poll(() => outboxMessages(dataDir).filter(isConfirmation).length, { timeout: 30_000 }).toBe(REGISTRATIONS);
  } finally {
    expect(await server.stop()).toBe(0);
  }
  expect(result.statuses.filter((s) => s >= 500)).toEqual([]);
  expect(result.accepted).toHaveLength(REGISTRATIONS);
  expect(await storedRegistrants({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') })).toEqual({
    total: REGISTRATIONS,
    distinct: REGISTRATIONS,
  });
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

test(`${REGISTRATIONS} concurrent registrations on Postgres are all stored, once each`, async () => {
  test.skip(!postgresUrl, NEEDS_POSTGRES);
  test.setTimeout(120_000);
  const database = await createScratchDatabase();
  const server = await startServerProcess({ DATABASE_URL: database.url, REGISTRATION_RATE_LIMIT: '100000', LOG_LEVEL: 'warn' });
  try {
    const result = await registerConcurrently(server.url);
    expect(result.statuses.filter((s) => s >= 500)).toEqual([]);
    expect(result.accepted).toHaveLength(REGISTRATIONS);
    expect(await storedRegistrants({ driver: 'postgres', url: database.url })).toEqual({ total: REGISTRATIONS, distinct: REGISTRATIONS });
  } finally {
    await server.stop();
    await database.drop();
  }
});
