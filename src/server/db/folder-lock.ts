/**
 * One process per embedded database folder: two PGlite instances on one folder corrupt it
 * (PLATFORM.md). The first process writes its pid into DATA_DIR's lock file; another finds it
 * and stops with a clear message. A lock left by a process that died is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from '../owner-only-files.ts';

export class FolderInUseError extends Error {}

/**
 * Whether a process id names a running process (signal 0 asks without sending anything): how a
 * lock, this folder's or a build folder's, tells a live holder from one that died.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockFolder(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: OWNER_ONLY_FILE });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (holder === process.pid) throw new FolderInUseError(`This process already has the database in ${dataDir} open.`);
      if (holder && isProcessAlive(holder)) {
        throw new FolderInUseError(
          `The embedded database in ${dataDir} is in use by another process (pid ${holder}). Stop it first, or use DATABASE_URL with Postgres to share a database.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new FolderInUseError(`Could not lock ${dataDir}.`);
}
