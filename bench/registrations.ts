/**
 * Registrations per second under load (20 concurrent clients, loopback), on the embedded
 * database and on Postgres, with how many acknowledged registrations are really stored
 * (must be all). Prints JSON.
 */
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { openDatabase, type DbOptions } from '../src/server/db/client.ts';
import { registrants } from '../src/server/db/schema.ts';
import { createScratchDatabase, postgresUrl } from '../tests/e2e/support/postgres.ts';
import { median, registerThroughForm, RUNS, startApp } from './support.ts';

const CLIENTS = 20;
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 5) * 1000;

async function load(base: string): Promise<{ acknowledged: string[]; seconds: number }> {
  const acknowledged: string[] = [];
  const started = performance.now();
  const deadline = Date.now() + DURATION_MS;
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < deadline) {
        const email = `bench.${next++}.${started}@example.com`;
        if (await registerThroughForm(base, email)) acknowledged.push(email);
      }
    }),
  );
  return { acknowledged, seconds: (performance.now() - started) / 1000 };
}

async function countStored(options: DbOptions, emails: string[]): Promise<number> {
  const handle = await openDatabase(options);
  try {
    let stored = 0;
    for (let i = 0; i < emails.length; i += 1000) {
      stored += (
        await handle.db
          .select({ email: registrants.email })
          .from(registrants)
          .where(inArray(registrants.email, emails.slice(i, i + 1000)))
      ).length;
    }
    return stored;
  } finally {
    await handle.close();
  }
}

async function run(driver: 'pglite' | 'postgres') {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const database = driver === 'postgres' ? await createScratchDatabase() : null;
    const app = await startApp({ REGISTRATION_RATE_LIMIT: '100000', ...(database ? { DATABASE_URL: database.url } : {}) });
    const { acknowledged, seconds } = await load(app.url);
    await app.stop();
    const options: DbOptions = database
      ? { driver: 'postgres', url: database.url }
      : { driver: 'pglite', dataDir: path.join(app.dataDir, 'pglite') };
    const stored = await countStored(options, acknowledged);
    app.remove();
    await database?.drop();
    runs.push({ perSecond: acknowledged.length / seconds, acknowledged: acknowledged.length, stored });
  }
  return {
    driver,
    perSecond: median(runs.map((r) => r.perSecond)),
    acknowledged: runs.reduce((sum, r) => sum + r.acknowledged, 0),
    stored: runs.reduce((sum, r) => sum + r.stored, 0),
  };
}

const results = [await run('pglite')];
if (postgresUrl) results.push(await run('postgres'));
console.log(JSON.stringify({ runs: RUNS, clients: CLIENTS, durationS: DURATION_MS / 1000, results }, null, 2));
