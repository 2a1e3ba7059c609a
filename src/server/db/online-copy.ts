/**
 * A consistent copy of the embedded database's folder while the site goes on serving
 * (docs/decisions/0061): Postgres's own online base backup. `pg_backup_start` makes a checkpoint
 * (the only moment queries wait: tens of milliseconds), the files are then copied without holding
 * anything while registrations and feed polls go on, `pg_backup_stop` ends the backup and names
 * the WAL that makes the copy whole, and its label is written into the copy. Whoever opens the
 * copy (the backup command, in its own process) replays that WAL and sees the database as it was
 * when the backup stopped. The copy is never opened by this process: two PGlite instances in one
 * process would double its memory.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** Files of a running Postgres that a base backup leaves out (its documentation, "Making a Base Backup"). */
const LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts', 'pglite.lock']);
const EMPTIED = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);

async function copyTree(from: string, to: string, top: boolean): Promise<void> {
  await fsp.mkdir(to, { recursive: true });
  for (const entry of await fsp.readdir(from, { withFileTypes: true })) {
    if (LEFT_OUT.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory() && top && EMPTIED.has(entry.name)) await fsp.mkdir(target);
    else if (entry.isDirectory()) await copyTree(source, target, false);
    // A file removed while copying (a temporary relation dropped) was not needed.
    else if (entry.isFile()) await fsp.copyFile(source, target).catch((error: NodeJS.ErrnoException) => ignoreMissing(error));
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}

/** The WAL segment a backup started in (its label's first line), which the copy must hold. */
function startSegment(label: string): string | null {
  return /\(file ([0-9A-F]{24})\)/.exec(label)?.[1] ?? null;
}

/**
 * Copies the database folder `dataDir`, which `client` has open, into `into` (which must not
 * exist), consistent as of the end of the copy.
 */
export async function copyRunningDatabase(client: PGlite, dataDir: string, into: string): Promise<{ ms: number; pausedMs: number }> {
  const started = performance.now();
  if (fs.existsSync(into)) throw new Error(`${into} exists already.`);
  // The two statements during which the site's other queries wait (one backend: decision 0061).
  let pausedMs = 0;
  const timed = async <T>(statement: string) => {
    const begun = performance.now();
    const result = await client.query<T>(statement);
    pausedMs += performance.now() - begun;
    return result;
  };
  await timed(`select pg_backup_start('summit backup', true)`);
  let label: string;
  try {
    await copyTree(dataDir, into, true);
  } finally {
    const stopped = await timed<{ labelfile: string }>('select labelfile from pg_backup_stop(false)');
    label = stopped.rows[0]!.labelfile;
  }
  // The WAL written from the start of the backup to its end: finished by pg_backup_stop's switch.
  const wal = path.join(dataDir, 'pg_wal');
  for (const entry of await fsp.readdir(wal, { withFileTypes: true })) {
    if (entry.isFile()) await fsp.copyFile(path.join(wal, entry.name), path.join(into, 'pg_wal', entry.name)).catch(ignoreMissing);
  }
  const segment = startSegment(label);
  if (!segment || !fs.existsSync(path.join(into, 'pg_wal', segment)))
    throw new Error('The database recycled its log during the copy; try the backup again.');
  await fsp.writeFile(path.join(into, 'backup_label'), label);
  return { ms: Math.round(performance.now() - started), pausedMs: Math.round(pausedMs) };
}
