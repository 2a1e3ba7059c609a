/**
 * `npm run backup` over DATABASE_URL (one REPEATABLE READ snapshot) and the same file restored
 * into an embedded database folder: every table has the same rows and checksum on both
 * databases (docs/decisions/0061). Needs TEST_DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestTable, siteTables } from '../../../src/server/backups/tables.ts';
import { openDatabase, type DbHandle } from '../../../src/server/db/client.ts';
import { seedDemoContent } from '../../../src/server/demo-content/seed.ts';
import { testDatabases } from '../../support/databases.ts';

const run = promisify(execFile);
const postgres = testDatabases.find((database) => database.name === 'postgres');

async function digests(handle: DbHandle): Promise<Record<string, unknown>> {
  return handle.transact(async (session) => {
    const result: Record<string, unknown> = {};
    for (const table of await siteTables(session)) result[table] = await digestTable(session, table);
    return result;
  });
}

describe.skipIf(!postgres)('backup of a Postgres database, restored into an embedded one', () => {
  let root: string;
  let source: Awaited<ReturnType<NonNullable<typeof postgres>['open']>>;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-backup-pg-'));
    source = await postgres!.open();
    await source.migrate();
    await seedDemoContent(source.db);
  }, 120_000);
  afterAll(async () => {
    await source?.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('writes a file whose tables come back the same on PGlite', async () => {
    const file = path.join(root, 'postgres.zip');
    const { stdout } = await run(process.execPath, [path.resolve('src/server/cli/backup.ts'), '--out', file], {
      env: { ...process.env, DATABASE_URL: source.url, DATA_DIR: path.join(root, 'unused'), LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/^Backed up \d+ tables/);
    const target = path.join(root, 'restored');
    await run(process.execPath, [path.resolve('src/server/cli/restore.ts'), file, '--data-dir', target, '--resume-outbound'], {
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    const restored = await openDatabase({ driver: 'pglite', dataDir: path.join(target, 'pglite') });
    try {
      expect(await digests(restored)).toEqual(await digests(source));
    } finally {
      await restored.close();
    }
  }, 180_000);
});
