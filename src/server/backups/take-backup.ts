/**
 * `npm run backup` (and the scheduled and pre-migration backups): one file with the database and
 * the local media (docs/decisions/0061). On Postgres, one REPEATABLE READ snapshot over
 * DATABASE_URL. On the embedded database, whoever holds its folder makes the snapshot: a stopped
 * site's folder is opened here; a running site (which holds the folder's lock) copies its own
 * database while serving, over its owner-only socket, and this process opens that copy and writes
 * the file from it, so the site's event loop never does the writing.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { askRunningSite } from '../admin-socket/admin-socket.ts';
import { openDatabase, type DbHandle } from '../db/client.ts';
import { FolderInUseError } from '../db/folder-lock.ts';
import { databaseOptions } from '../db/index.ts';
import type { Env } from '../env.ts';
import type { BackupManifest } from './manifest.ts';
import { OWNER_ONLY_FOLDER } from '../owner-only-files.ts';
import { ENCRYPTED_SUFFIX } from './encryption.ts';
import { writeBackup } from './write-backup.ts';

export type BackupConfig = Pick<
  Env,
  | 'DATABASE_URL'
  | 'dataDir'
  | 'backupDir'
  | 'objectStorage'
  | 'DATABASE_CONNECT_TIMEOUT_SECONDS'
  | 'DATABASE_STATEMENT_TIMEOUT_SECONDS'
  | 'BACKUP_ENCRYPTION_KEY'
>;

/**
 * A backup's file name in BACKUP_DIR: `summit-20261127-101500.zip` (UTC), sorted by time;
 * `.zip.age` when it is encrypted (BACKUP_ENCRYPTION_KEY), so the name says so.
 */
export function backupFileName(prefix = 'summit', at = new Date(), encrypted = false): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${prefix}-${stamp}.zip${encrypted ? ENCRYPTED_SUFFIX : ''}`;
}

/** A backup written by hand into BACKUP_DIR: the schedule's rotation never removes it. */
export const MANUAL_BACKUP_PREFIX = 'summit-manual';

/** The scheduled backups' names, encrypted or not (those before a migration and by hand are never pruned). */
export const SCHEDULED_BACKUP_NAME = /^summit-\d{8}-\d{6}\.zip(\.age)?$/;

const uploadsOf = (config: BackupConfig) => (config.objectStorage ? null : path.join(config.dataDir, 'uploads'));

const optionsOf = (config: BackupConfig) => ({ recipient: config.BACKUP_ENCRYPTION_KEY });

async function fromHandle(handle: DbHandle, config: BackupConfig, file: string): Promise<BackupManifest> {
  return writeBackup({ driver: handle.driver, transact: handle.transact, uploadsDir: uploadsOf(config) }, file, optionsOf(config));
}

/** The running site copies its database into a folder beside the backup; the copy is opened here. */
async function fromRunningSite(config: BackupConfig, file: string): Promise<BackupManifest> {
  const staging = await fsp.mkdtemp(path.join(path.dirname(file), '.snapshot-'));
  try {
    const copy = path.join(staging, 'pglite');
    const answer = await askRunningSite(config.dataDir, { command: 'copy-database', into: copy }).catch((error: Error) => ({
      ok: false as const,
      message: `The running site could not be asked (${error.message}).`,
    }));
    if (!answer.ok) throw new Error(answer.message);
    const handle = await openDatabase({ driver: 'pglite', dataDir: copy });
    try {
      return await writeBackup({ driver: 'pglite', transact: handle.transact, uploadsDir: uploadsOf(config) }, file, optionsOf(config));
    } finally {
      await handle.close();
    }
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/** Writes a backup of the configured site to `file`. */
export async function backUpSite(config: BackupConfig, file: string): Promise<BackupManifest> {
  await fsp.mkdir(path.dirname(file), { recursive: true, mode: OWNER_ONLY_FOLDER });
  const options = databaseOptions({ ...config, DATABASE_POOL_SIZE: 2 });
  if (options.driver === 'pglite' && !fs.existsSync(path.join(options.dataDir, 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${config.dataDir} to back up (set DATA_DIR, or DATABASE_URL for Postgres).`);
  let handle: DbHandle;
  try {
    handle = await openDatabase(options);
  } catch (error) {
    if (error instanceof FolderInUseError) return fromRunningSite(config, file);
    throw error;
  }
  try {
    return await fromHandle(handle, config, file);
  } finally {
    await handle.close();
  }
}

/** Keeps the newest `keep` scheduled backups in the folder, and removes copies left by a backup that was killed. */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const names = (await fsp.readdir(folder).catch(() => [] as string[])).sort();
  const removed: string[] = [];
  const scheduled = names.filter((name) => SCHEDULED_BACKUP_NAME.test(name));
  for (const name of scheduled.slice(0, Math.max(0, scheduled.length - keep))) removed.push(name);
  const dayAgo = Date.now() - 86_400_000;
  for (const name of names.filter((entry) => entry.endsWith('.partial') || entry.startsWith('.snapshot-'))) {
    const stat = await fsp.stat(path.join(folder, name)).catch(() => null);
    if (stat && stat.mtimeMs < dayAgo) removed.push(name);
  }
  for (const name of removed) await fsp.rm(path.join(folder, name), { recursive: true, force: true });
  return removed;
}
