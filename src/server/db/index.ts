/**
 * The process's one database handle (two PGlite instances on one folder would corrupt it). The
 * running server is one module graph (docs/decisions/0013), so a module variable holds it.
 */
import path from 'node:path';
import { env, type Env } from '../env.ts';
import { openDatabase, type DbHandle } from './client.ts';
import { seedDemoContent } from './seed.ts';
import { ensureDefaultMessages } from '../mail/edition-messages.ts';
import { readAllEditionsAhead } from '../editions/last-read-editions.ts';

let database: Promise<DbHandle> | undefined;

export function databaseOptions(config: Env) {
  return config.DATABASE_URL
    ? ({ driver: 'postgres', url: config.DATABASE_URL } as const)
    : ({ driver: 'pglite', dataDir: path.join(config.dataDir, 'pglite') } as const);
}

/** Opens, migrates and (first time only) seeds the database; later calls share the handle. */
export function getDatabase(): Promise<DbHandle> {
  if (!database) {
    const booting = bootDatabase(env());
    // A failed boot (e.g. Postgres not up yet) is retried by the next caller, not cached.
    booting.catch(() => {
      if (database === booting) database = undefined;
    });
    database = booting;
  }
  return database;
}

async function bootDatabase(config: Env): Promise<DbHandle> {
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
  const pending = database;
  database = undefined;
  if (pending) await (await pending).close();
}
