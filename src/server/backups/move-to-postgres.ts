/**
 * `npm run move-to-postgres -- --to postgres://…` (docs/decisions/0061): every table of the
 * embedded database in DATA_DIR copied into an empty Postgres database at the same schema version,
 * sequences where they were, then each table compared on both sides by its row count and checksum
 * (src/server/backups/tables.ts). The access-key secret is a row of app_meta, so every personal
 * link and feed URL stays the same, and sessions are rows too. The site must be stopped: a
 * registration made after the copy would be lost.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type DbHandle } from '../db/client.ts';
import { FolderInUseError } from '../db/folder-lock.ts';
import { createDatabaseIfMissing } from './create-database.ts';
import { MoveRefused } from './move-refused.ts';
import { appliedSchemaVersion } from '../db/schema-version.ts';
import {
  digestTable,
  holdsTables,
  readTable,
  sequencePositions,
  setSequencePositions,
  siteTables,
  tableWriter,
  type TableDigest,
} from './tables.ts';

/** The address without its password, for messages. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the given address';
  }
}

async function openSource(dataDir: string): Promise<DbHandle> {
  const folder = path.join(dataDir, 'pglite');
  if (!fs.existsSync(path.join(folder, 'PG_VERSION')))
    throw new MoveRefused(`There is no embedded database in ${dataDir} to move (set DATA_DIR).`);
  try {
    return await openDatabase({ driver: 'pglite', dataDir: folder });
  } catch (error) {
    if (error instanceof FolderInUseError)
      throw new MoveRefused(
        `A site is running on ${dataDir}: stop it first, so that nothing registered after the copy is lost. Nothing was changed.`,
      );
    throw error;
  }
}

async function openTarget(url: string): Promise<DbHandle> {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new MoveRefused('Give the Postgres database as --to postgres://user:password@host:5432/name.');
  await createDatabaseIfMissing(url);
  const target = await openDatabase({ driver: 'postgres', url, poolSize: 2, connectTimeoutMs: 10_000 });
  try {
    const present = await target.transact(holdsTables);
    if (present.length > 0)
      throw new MoveRefused(
        `${redacted(url)} is not empty (it holds ${present.join(', ')}): move into a new, empty database. Nothing was changed.`,
      );
    return target;
  } catch (error) {
    await target.close();
    if (error instanceof MoveRefused) throw error;
    throw new MoveRefused(
      `Postgres at ${redacted(url)} cannot be reached (${(error as Error).message || (error as { code?: string }).code}). Nothing was changed.`,
    );
  }
}

export interface MovedTable extends TableDigest {
  name: string;
  same: boolean;
}

async function copyTables(source: DbHandle, target: DbHandle): Promise<string[]> {
  return source.transact(
    async (from) => {
      const tables = await siteTables(from);
      const sequences = await sequencePositions(from);
      await target.transact(async (to) => {
        for (const table of tables) {
          const writer = tableWriter(to, table);
          await readTable(from, table, (lines) => writer.write(lines));
        }
        await setSequencePositions(to, sequences);
      });
      return tables;
    },
    { snapshot: true },
  );
}

export async function moveToPostgres({ dataDir, url }: { dataDir: string; url: string }): Promise<MovedTable[]> {
  const source = await openSource(dataDir);
  try {
    const version = await source.transact(appliedSchemaVersion);
    if (version.unknown) throw new MoveRefused(`The database in ${dataDir} comes from a newer version of the site: update the site first.`);
    const target = await openTarget(url);
    try {
      await target.migrate({ upTo: version.migrations });
      const tables = await copyTables(source, target);
      const moved: MovedTable[] = [];
      for (const name of tables) {
        const here = await source.transact((session) => digestTable(session, name));
        const there = await target.transact((session) => digestTable(session, name));
        moved.push({ name, ...there, same: here.rows === there.rows && here.sha256 === there.sha256 });
      }
      return moved;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
