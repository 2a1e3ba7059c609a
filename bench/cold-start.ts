/**
 * Cold start to the first answer: from starting the built server to its first 200, on a new
 * data folder (the embedded database is created, migrated and seeded) and on an existing one.
 * Prints JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startServerProcess } from '../tests/e2e/support/server-process.ts';
import { median, RUNS, tempDir } from './support.ts';

async function timeToFirstResponse(dataDir: string): Promise<number> {
  const started = performance.now();
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const ms = performance.now() - started;
  await server.stop();
  return ms;
}

const fresh: number[] = [];
const existing: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const root = tempDir('cold');
  const dataDir = path.join(root, 'data');
  fresh.push(await timeToFirstResponse(dataDir));
  existing.push(await timeToFirstResponse(dataDir));
  fs.rmSync(root, { recursive: true, force: true });
}
console.log(JSON.stringify({ runs: RUNS, newFolderMs: median(fresh), existingFolderMs: median(existing) }, null, 2));
