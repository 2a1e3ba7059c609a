/**
 * The process's one database handle (two PGlite instances on one folder would corrupt it). The
 * running server is one module graph (docs/decisions/0013), so a module variable holds it. The
 * entry configures it (src/server/process-config.ts); it opens on first use.
 */
import path from 'node:path';
import type { Env } from '../env.ts';
import { openDatabase, type DbHandle } from './client.ts';
import { SharedLoad } from './shared-load.ts';
import { seedDemoContent } from './seed.ts';
import { ensureDefaultMessages } from '../mail/edition-messages.ts';
import { readAllEditionsAhead } from '../editions/last-read-editions.ts';

/** The part of the configuration the database needs. */
export type DatabaseConfig = Pick<Env, 'DATABASE_URL' | 'dataDir' | 'SEED_DEMO_CONTENT'>;

const database = new SharedLoad<DbHandle>();
let configured: DatabaseConfig | undefined;

export function databaseOptions(config: Pick<Env, 'DATABASE_URL' | 'dataDir'>) {
  return config.DATABASE_URL
    ? ({ driver: 'postgres', url: config.DATABASE_URL } as const)
    : ({ driver: 'pglite', dataDir: path.join(config.dataDir, 'pglite') } as const);
}

/**
 * Called by the entry with DATABASE_URL, the data folder and SEED_DEMO_CONTENT, before the first
 * getDatabase(). There is no default: an unconfigured process would open the wrong database.
 */
export function configureDatabase(config: DatabaseConfig): void {
  configured = { DATABASE_URL: config.DATABASE_URL, dataDir: config.dataDir, SEED_DEMO_CONTENT: config.SEED_DEMO_CONTENT };
}

/** Opens, migrates and (first time only) seeds the database; later calls share the handle. */
export function getDatabase(): Promise<DbHandle> {
  if (!configured) return Promise.reject(new Error('The database is not configured: the entry calls configureProcess() first'));
  // A failed boot (e.g. Postgres not up yet) is retried by the next caller, not cached.
  const config = configured;
  return database.get(() => bootDatabase(config));
}

async function bootDatabase(config: DatabaseConfig): Promise<DbHandle> {
  const handle = await openDatabase(databaseOptions(config));
  try {
    await handle.migrate();
    if (config.SEED_DEMO_CONTENT) await seedDemoContent(handle.db);
    await ensureDefaultMessages(handle.db);
    // Public pages can then be shown during a later outage, even ones nobody asked for yet (decision 0024).
    await readAllEditionsAhead(handle.db);
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

export async function closeDatabase(): Promise<void> {
  const pending = database.forget();
  if (pending) await (await pending).close();
}
