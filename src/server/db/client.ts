/**
 * Opens the database: the embedded PGlite in DATA_DIR by default, or a Postgres server when a
 * URL is given. Both speak the same SQL, so one schema and one set of migrations serve both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { OWNER_ONLY_FOLDER, tightenToOwnerOnly } from '../owner-only-files.ts';
import { lockFolder } from './folder-lock.ts';
import { copyRunningDatabase } from './online-copy.ts';
import * as schema from './schema.ts';
import { appliedSchemaVersion, currentSchemaVersion, migrationsUpTo } from './schema-version.ts';
import { pgliteTransact, postgresTransact, type Transact } from './sql-session.ts';

export type Schema = typeof schema;
/** The query interface every repository function takes; the same for both drivers. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Runs the SQL migrations that have not run yet. Safe to call from several processes. */
  migrate(options?: MigrateOptions): Promise<void>;
  /** Plain SQL in one transaction (backups and moves: docs/decisions/0061). */
  transact: Transact;
  /** The embedded database in a folder: a consistent copy of it while it serves (db/online-copy.ts). */
  copyRunning?: (into: string) => Promise<{ ms: number; pausedMs: number }>;
  /** Tells every process on this database that something changed (Postgres NOTIFY). */
  notify(channel: string): Promise<void>;
  /** Calls back on each notification from any process; a no-op for the embedded database. */
  listen(channel: string, onNotification: () => void): Promise<() => Promise<void>>;
  /** Bytes the database engine holds inside this process: PGlite's WebAssembly memory; 0 for a Postgres server. */
  engineMemoryBytes(): number;
  close(): Promise<void>;
}

export type DbOptions =
  | { driver: 'pglite'; /** A folder; omitted means in memory (tests). */ dataDir?: string }
  | {
      driver: 'postgres';
      url: string;
      poolSize?: number;
      /** How long opening a connection may take (DATABASE_CONNECT_TIMEOUT_SECONDS); unset: no limit. */
      connectTimeoutMs?: number;
      /** The longest one statement may run (statement_timeout; DATABASE_STATEMENT_TIMEOUT_SECONDS); 0 or unset: none. */
      statementTimeoutMs?: number;
    };

export interface MigrateOptions {
  /** Only the first this many migrations (a restore at a backup's version). */
  upTo?: number;
  /** Runs before migrations that a database with data has not applied yet: the backup before an upgrade. */
  beforeMigrating?: (transact: Transact) => Promise<void>;
}

/** Runs the migrations, after `beforeMigrating` when a database already in use has some to apply. */
async function runMigrations(
  transact: Transact,
  options: MigrateOptions | undefined,
  migrateFrom: (folder: string) => Promise<void>,
): Promise<void> {
  if (options?.beforeMigrating) {
    const applied = await transact(appliedSchemaVersion);
    if (applied.migrations > 0 && applied.migrations < currentSchemaVersion().migrations) await options.beforeMigrating(transact);
  }
  const subset = migrationsUpTo(options?.upTo ?? Number.POSITIVE_INFINITY);
  try {
    await migrateFrom(subset.folder);
  } finally {
    subset.dispose();
  }
}

/** Every process migrating the same Postgres takes this lock first, so only one migrates at a time. */
const MIGRATION_LOCK_ID = 7_150_725;

/**
 * Postgres's own default of 128 MB of shared buffers grows PGlite's WebAssembly memory (which never
 * shrinks) from 128 to about 190 MB, for a database of a few megabytes whose files the operating
 * system caches anyway: 16 MB keeps it at its 128 MB floor (decision 0036, bench/RESULTS.md).
 */
const PGLITE_SETTINGS = 'shared_buffers = 16MB';

export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  return options.driver === 'pglite' ? openPglite(options.dataDir) : openPostgres(options);
}

async function openPglite(dataDir: string | undefined): Promise<DbHandle> {
  // PGlite fails with a bare ENOENT when the folder's parent is missing.
  if (dataDir) fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true, mode: OWNER_ONLY_FOLDER });
  const unlock = dataDir ? lockFolder(path.dirname(path.resolve(dataDir))) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), postgresqlconf: PGLITE_SETTINGS });
  } catch (error) {
    unlock();
    throw error;
  }
  // PGlite sets its files' modes itself, whatever the umask (0666 in a new database, 0644 for its
  // relation caches): taken back to owner-only once it has opened, and again when it closes
  // (docs/decisions/0068). The folder above is 0700 from the start, so nobody else reaches them.
  if (dataDir)
    await tightenToOwnerOnly(path.resolve(dataDir)).catch(async (error: unknown) => {
      await client.close();
      unlock();
      throw error;
    });
  const db = drizzlePglite({ client, schema });
  const transact = pgliteTransact(client);
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    migrate: (options) => runMigrations(transact, options, (folder) => migratePglite(db, { migrationsFolder: folder })),
    transact,
    ...(dataDir ? { copyRunning: (into: string) => copyRunningDatabase(client, path.resolve(dataDir), into) } : {}),
    // One process per embedded database: there is nobody else to tell.
    notify: async () => {},
    listen: async () => async () => {},
    engineMemoryBytes: () => pgliteMemoryBytes(client),
    async close() {
      await client.close();
      // Best effort: the next open (and the start's check) tightens again.
      if (dataDir) await tightenToOwnerOnly(path.resolve(dataDir)).catch(() => {});
      unlock();
    },
  };
}

/**
 * PGlite's WebAssembly memory (Postgres's shared buffers, caches and work memory live there). It
 * only grows: a WebAssembly memory cannot shrink. PGlite does not publish it, so this reads its
 * Emscripten module, and answers 0 if a later PGlite moves it (the report then says so).
 */
function pgliteMemoryBytes(client: PGlite): number {
  const module = (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod;
  return module?.HEAPU8?.length ?? 0;
}

async function openPostgres(options: Extract<DbOptions, { driver: 'postgres' }>): Promise<DbHandle> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // A request waits at most this long for a connection, rather than for ever while the server is unreachable.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    // Set on each connection by the server: a runaway query is cancelled and its connection freed.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // An idle client's network error must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema });
  const transact = postgresTransact(pool);
  return {
    db: db as unknown as Database,
    driver: 'postgres',
    transact,
    async migrate(options) {
      const client = await pool.connect();
      try {
        // Migrations may rebuild a large table: no statement limit on this connection.
        await client.query('set statement_timeout = 0');
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await runMigrations(transact, options, (folder) =>
            migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder: folder }),
          );
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
          // Back to the connection's own limit before the pool hands it to a request.
          await client.query('reset statement_timeout');
        }
      } finally {
        client.release();
      }
    },
    async notify(channel) {
      await pool.query('select pg_notify($1, $2)', [channel, String(process.pid)]);
    },
    async listen(channel, onNotification) {
      return listenForever(options.url, channel, onNotification);
    },
    // The server's memory is its own process's, not this one's.
    engineMemoryBytes: () => 0,
    close: () => pool.end(),
  };
}

/**
 * A dedicated connection that LISTENs, reconnecting every second while it is down (a database
 * outage can last longer than one attempt). Whatever changed while disconnected is unknown, so a
 * drop and a reconnection each count as a change.
 */
async function listenForever(url: string, channel: string, onNotification: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  const retry = () => {
    if (!stopped) setTimeout(() => void connect(true).catch(retry), 1000).unref();
  };
  const connect = async (reconnecting: boolean): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotification();
    });
    let dropped = false;
    next.on('error', () => {
      if (dropped) return;
      dropped = true;
      next.end().catch(() => {});
      // A connection that was listening: count the drop as a change and try again. One still
      // connecting fails its connect() instead, whose caller retries.
      if (client === next) {
        client = null;
        onNotification();
        retry();
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      dropped = true;
      next.end().catch(() => {});
      throw error;
    }
    client = next;
    if (reconnecting) onNotification();
  };
  await connect(false);
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
