/**
 * The process's one database handle. The boot script (src/server/main.ts) and the Astro-bundled
 * server code are two module instances of this file, so the handle lives on globalThis: two
 * PGlite instances on one folder would corrupt it.
 */
import path from 'node:path';
import { env, type Env } from '../env.ts';
import { openDatabase, type DbHandle } from './client.ts';
import { seedDemoContent } from './seed.ts';

declare global {
  var __summitDatabase: Promise<DbHandle> | undefined;
}

export function databaseOptions(config: Env) {
  return config.DATABASE_URL
    ? ({ driver: 'postgres', url: config.DATABASE_URL } as const)
    : ({ driver: 'pglite', dataDir: path.join(config.dataDir, 'pglite') } as const);
}

/** Opens, migrates and (first time only) seeds the database; later calls share the handle. */
export function getDatabase(): Promise<DbHandle> {
  if (!globalThis.__summitDatabase) {
    const booting = bootDatabase(env());
    // A failed boot (e.g. Postgres not up yet) is retried by the next caller, not cached.
    booting.catch(() => {
      if (globalThis.__summitDatabase === booting) globalThis.__summitDatabase = undefined;
    });
    globalThis.__summitDatabase = booting;
  }
  return globalThis.__summitDatabase;
}

async function bootDatabase(config: Env): Promise<DbHandle> {
  const handle = await openDatabase(databaseOptions(config));
  try {
    await handle.migrate();
    if (config.SEED_DEMO_CONTENT) await seedDemoContent(handle.db);
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

export async function closeDatabase(): Promise<void> {
  const pending = globalThis.__summitDatabase;
  globalThis.__summitDatabase = undefined;
  if (pending) await (await pending).close();
}
