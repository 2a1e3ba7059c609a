/**
 * An upgrade of the embedded database (docs/decisions/0061): a folder left at an older schema is
 * backed up by the starting process before it migrates (BACKUP_DIR/before-migration-….zip, at the
 * older version), and that backup, restored by the real `npm run restore`, opens and is migrated to
 * the current schema on start with its registrants kept.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { backupBeforeMigrating } from '../../../src/server/backups/before-migrating.ts';
import { verifyBackup } from '../../../src/server/backups/read-backup.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { registrants } from '../../../src/server/db/schema.ts';
import { appliedSchemaVersion, currentSchemaVersion, knownMigrations } from '../../../src/server/db/schema-version.ts';

const run = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'older-schema-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it(
  'backs up a folder at an older schema before migrating it, and that backup restores and migrates on start',
  { timeout: 120_000 },
  async () => {
    const dataDir = path.join(root, 'site');
    const backupDir = path.join(root, 'backups');
    const older = knownMigrations().length - 3;
    const olderTag = knownMigrations()[older - 1]!.tag;
    // A site last run by an older release: its schema stops three migrations short, and it has a registrant.
    let handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await handle.migrate({ upTo: older });
    await handle.db.execute(
      `insert into editions (slug, name, summit_start_date, summit_end_date, timezone, settings) values ('old', 'Old', '2026-01-01', '2026-01-03', 'UTC', '{}')`,
    );
    await handle.db.execute(
      `insert into registrants (edition_id, first_name, email) select id, 'Ada', 'ada@example.com' from editions where slug = 'old'`,
    );
    await handle.close();

    // The new release starts: it backs the folder up, then migrates.
    handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await handle.migrate({
      beforeMigrating: backupBeforeMigrating({ DATABASE_URL: undefined, dataDir, backupDir, objectStorage: null }),
    });
    expect((await handle.transact(appliedSchemaVersion)).migrations).toBe(currentSchemaVersion().migrations);
    await handle.close();
    const [file] = fs.readdirSync(backupDir).filter((name) => name.startsWith('before-migration-'));
    expect(file).toMatch(/^before-migration-\d{8}-\d{6}\.zip$/);
    const backup = await verifyBackup(path.join(backupDir, file!));
    expect(backup.manifest.schema).toEqual({ migrations: older, tag: olderTag });
    expect(backup.manifest.tables.find((table) => table.name === 'registrants')?.rows).toBe(1);
    backup.close();

    // Restored by the real command into a new folder, it opens at the older schema and migrates on start.
    const restoredDir = path.join(root, 'restored');
    const restored = await run(
      process.execPath,
      [path.resolve('src/server/cli/restore.ts'), path.join(backupDir, file!), '--data-dir', restoredDir],
      {
        env: { ...process.env, LOG_LEVEL: 'silent' },
      },
    );
    expect(restored.stdout).toContain('Restored');
    handle = await openDatabase({ driver: 'pglite', dataDir: path.join(restoredDir, 'pglite') });
    expect((await handle.transact(appliedSchemaVersion)).migrations).toBe(older);
    await handle.migrate();
    expect((await handle.transact(appliedSchemaVersion)).migrations).toBe(currentSchemaVersion().migrations);
    expect((await handle.db.select({ n: count() }).from(registrants))[0]?.n).toBe(1);
    await handle.close();
  },
);
