/**
 * Loads a backup's tables into an empty database at the backup's schema version and checks each
 * against the manifest (docs/decisions/0061): the same rows give the same checksum, so a table that
 * did not come back whole stops the restore before it replaces anything.
 */
import readline from 'node:readline';
import type { SqlSession } from '../db/sql-session.ts';
import type { BackupManifest } from './manifest.ts';
import { tableEntry } from './manifest.ts';
import type { VerifiedBackup } from './read-backup.ts';
import { digestTable, setSequencePositions, tableWriter } from './tables.ts';

const BATCH = 500;

async function loadTable(session: SqlSession, backup: VerifiedBackup, table: string): Promise<void> {
  const writer = tableWriter(session, table);
  const lines = readline.createInterface({ input: await backup.open(tableEntry(table)), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= BATCH) {
      await writer.write(batch);
      batch = [];
    }
  }
  await writer.write(batch);
}

/** Every table's rows and checksum as the manifest names them; throws on the first that differs. */
export async function checkTables(session: SqlSession, tables: BackupManifest['tables'], where: string): Promise<void> {
  for (const table of tables) {
    const digest = await digestTable(session, table.name);
    if (digest.rows !== table.rows || digest.sha256 !== table.sha256)
      throw new Error(
        `${where}: the table ${table.name} holds ${digest.rows} rows and does not match its checksum (expected ${table.rows} rows).`,
      );
  }
}

export async function loadBackupTables(session: SqlSession, backup: VerifiedBackup): Promise<void> {
  for (const table of backup.manifest.tables) await loadTable(session, backup, table.name);
  await setSequencePositions(session, backup.manifest.sequences);
  await checkTables(session, backup.manifest.tables, 'The restored database');
}
