/**
 * A data folder seeded by a real first start, then changed while no server runs (a table
 * dropped to make a source fail, content added as data), ready to be served.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DbHandle } from '../../../src/server/db/client.ts';
import { startServerProcess } from './server-process.ts';

export async function preparedDataDir(change: (handle: DbHandle) => Promise<void>): Promise<{ dataDir: string; remove(): void }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-prepared-'));
  const dataDir = path.join(root, 'data');
  const seeding = await startServerProcess({ DATA_DIR: dataDir });
  await seeding.stop();
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await change(handle);
  } finally {
    await handle.close();
  }
  return { dataDir, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
