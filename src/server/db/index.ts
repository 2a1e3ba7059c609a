/**
 * The process's one database handle (two PGlite instances on one folder would corrupt it). The
 * running server is one module graph (docs/decisions/0013), so a module variable holds it. The
 * entry configures it (src/server/process-config.ts); it opens on first use.
 */
import path from 'node:path';
import type { Env } from '../env.ts';
import { openDatabase, type DbHandle, type MigrateOptions } from './client.ts';
import { SharedLoad } from './shared-load.ts';

/** The part of the configuration the database needs. */
export type DatabaseConfig = Pick<Env, 'DATABASE_URL' | 'dataDir'> &
  Partial<Pick<Env, 'DATABASE_CONNECT_TIMEOUT_SECONDS' | 'DATABASE_STATEMENT_TIMEOUT_SECONDS' | 'DATABASE_POOL_SIZE'>>;

/**
 * What runs once the database is migrated and seeded, before anyone uses it: handed in by the
 * entry (src/server/process-config.ts), so this folder imports no concept above it.
 */
export type OnOpen = (db: DbHandle['db']) => Promise<unknown>;

const secondsToMs = (seconds: number | undefined) => (seconds === undefined ? undefined : Math.round(seconds * 1000));

const database = new SharedLoad<DbHandle>();
let configured: DatabaseConfig | undefined;
let onOpen: readonly OnOpen[] = [];
let beforeMigrating: MigrateOptions['beforeMigrating'];

export function databaseOptions(config: DatabaseConfig) {
  return config.DATABASE_URL
    ? ({
        driver: 'postgres',
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        connectTimeoutMs: secondsToMs(config.DATABASE_CONNECT_TIMEOUT_SECONDS),
        statementTimeoutMs: secondsToMs(config.DATABASE_STATEMENT_TIMEOUT_SECONDS),
      } as const)
    : ({ driver: 'pglite', dataDir: path.join(config.dataDir, 'pglite') } as const);
}

/**
 * Called by the entry with DATABASE_URL and the data folder (and what runs once the database
 * opens), before the first getDatabase(). There is no default: an unconfigured process would open the wrong database.
 */
export function configureDatabase(
  config: DatabaseConfig,
  afterOpen: readonly OnOpen[] = [],
  backup?: MigrateOptions['beforeMigrating'],
): void {
  onOpen = afterOpen;
  beforeMigrating = backup;
  configured = {
    DATABASE_URL: config.DATABASE_URL,
    dataDir: config.dataDir,
    DATABASE_CONNECT_TIMEOUT_SECONDS: config.DATABASE_CONNECT_TIMEOUT_SECONDS,
    DATABASE_STATEMENT_TIMEOUT_SECONDS: config.DATABASE_STATEMENT_TIMEOUT_SECONDS,
    DATABASE_POOL_SIZE: config.DATABASE_POOL_SIZE,
  };
}

/** Opens and migrates the database and runs the after-open steps (the seed, first time only); later calls share the handle. */
export function getDatabase(): Promise<DbHandle> {
  if (!configured) return Promise.reject(new Error('The database is not configured: the entry calls configureProcess() first'));
  // A failed boot (e.g. Postgres not up yet) is retried by the next caller, not cached.
  const config = configured;
  return database.get(() => bootDatabase(config));
}

async function bootDatabase(config: DatabaseConfig): Promise<DbHandle> {
  const handle = await openDatabase(databaseOptions(config));
  try {
    await handle.migrate({ beforeMigrating });
    for (const step of onOpen) await step(handle.db);
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
