/**
 * The databases every integration suite runs against: an in-memory PGlite always, and the real
 * Postgres server when TEST_DATABASE_URL is set (CI sets it). Each Postgres suite works in a
 * database of its own, created and dropped around it, so test files running in parallel never
 * see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database, type DbHandle } from '../../src/server/db/client.ts';
import { seedDemoContent } from '../../src/server/demo-content/seed.ts';
import { closeDatabase, configureDatabase, getDatabase } from '../../src/server/db/index.ts';
import { afterDatabaseOpens } from '../../src/server/process-config.ts';
import { invalidateContent } from '../../src/server/caching/content-cache.ts';
import { forgetFeedKeys } from '../../src/server/feed/feed-access.ts';
import { forgetRememberedVisits } from '../../src/server/access/visits.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** url: the Postgres database's own address, for opening a second pool on it. */
  open(): Promise<DbHandle & { url?: string; dispose(): Promise<void> }>;
}

const pglite: TestDatabase = {
  name: 'pglite',
  async open() {
    const handle = await openDatabase({ driver: 'pglite' });
    return { ...handle, dispose: () => handle.close() };
  },
};

function postgres(url: string): TestDatabase {
  return {
    name: 'postgres',
    async open() {
      const name = `summit_test_${randomBytes(6).toString('hex')}`;
      await administer(url, `create database ${name}`);
      const databaseUrl = new URL(url);
      databaseUrl.pathname = `/${name}`;
      const handle = await openDatabase({ driver: 'postgres', url: databaseUrl.toString(), poolSize: 20 });
      return {
        ...handle,
        url: databaseUrl.toString(),
        async dispose() {
          await handle.close();
          await administer(url, `drop database if exists ${name} with (force)`);
        },
      };
    },
  };
}

/** Runs one statement on the server's maintenance connection (the TEST_DATABASE_URL itself). */
async function administer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const postgresUrl = process.env.TEST_DATABASE_URL;

/** The databases there are to run on: PGlite, and Postgres when TEST_DATABASE_URL names a server. */
export const testDatabases: TestDatabase[] = [pglite, ...(postgresUrl ? [postgres(postgresUrl)] : [])];

/**
 * One suite per database, named `title [pglite]` and `title [postgres]`. Without TEST_DATABASE_URL
 * the Postgres suite is listed as skipped rather than left out, so a run shows what it did not test.
 */
export function describeEachDatabase(title: string, suite: (database: TestDatabase) => void): void {
  describe(`${title} [pglite]`, () => suite(pglite));
  describe.skipIf(!postgresUrl)(`${title} [postgres]`, () => suite(postgres(postgresUrl ?? '')));
}

/**
 * Opens one migrated database for the enclosing describe block (optionally seeded with the demo
 * content) and disposes of it afterwards. Read `.db` inside tests, not at collection time.
 */
export function useTestDatabase(database: TestDatabase, options: { seed?: boolean } = {}) {
  const state = {} as { handle: DbHandle & { url?: string; dispose(): Promise<void> }; db: Database };
  beforeAll(async () => {
    state.handle = await database.open();
    await state.handle.migrate();
    if (options.seed) await seedDemoContent(state.handle.db);
    state.db = state.handle.db;
  });
  afterAll(async () => {
    await state.handle?.dispose();
  });
  return state;
}

/**
 * The process's own database (getDatabase() in src/server/db/index.ts, which the Node routes ask),
 * booted as the server boots it (migrated, seeded with the demo content) on a PGlite folder of its
 * own or a Postgres database of its own; closed and removed afterwards. What the process remembers
 * of content and access (as after a content and an access change) starts empty, so a second suite
 * in the same file reads its own database.
 */
export function useProcessDatabase(database: TestDatabase) {
  const state = {} as { handle: DbHandle; db: Database };
  let scratch: { dispose(): Promise<void> } | undefined;
  let folder: string | undefined;
  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'summit-process-db-'));
    if (database.name === 'postgres') {
      const opened = await database.open();
      scratch = opened;
      configureDatabase({ DATABASE_URL: opened.url, dataDir: folder }, afterDatabaseOpens({ SEED_DEMO_CONTENT: true }));
    } else {
      configureDatabase({ DATABASE_URL: undefined, dataDir: folder }, afterDatabaseOpens({ SEED_DEMO_CONTENT: true }));
    }
    invalidateContent();
    forgetFeedKeys();
    forgetRememberedVisits();
    state.handle = await getDatabase();
    state.db = state.handle.db;
  });
  afterAll(async () => {
    await closeDatabase();
    await scratch?.dispose();
    if (folder) await fs.rm(folder, { recursive: true, force: true });
  });
  return state;
}
