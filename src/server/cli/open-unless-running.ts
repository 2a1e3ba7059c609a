/**
 * What the commands that change the site's data do first: open its database; when a running site
 * holds the embedded one (one process per folder), null, and the command asks that site over its
 * admin socket instead (src/server/admin-socket/admin-socket.ts).
 */
import { openDatabase, type DbHandle } from '../db/client.ts';
import { FolderInUseError } from '../db/folder-lock.ts';
import { databaseOptions } from '../db/index.ts';
import type { Env } from '../env.ts';

export async function openUnlessRunning(config: Env): Promise<DbHandle | null> {
  try {
    return await openDatabase(databaseOptions(config));
  } catch (error) {
    if (!(error instanceof FolderInUseError)) throw error;
    return null;
  }
}
