/**
 * npm run backup [-- --out FILE]
 * Writes one file with the database and the local media (src/server/backups/take-backup.ts),
 * whether the site runs or not, on the embedded database or on Postgres. Without --out, into
 * BACKUP_DIR as `summit-manual-{time}.zip`; `--scheduled` (the site's own schedule) writes
 * `summit-{time}.zip` and keeps only the newest BACKUP_KEEP of those there.
 * With BACKUP_ENCRYPTION_KEY the file is encrypted to it (`.zip.age`, docs/decisions/0068).
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ENCRYPTED_SUFFIX } from '../backups/encryption.ts';
import { backUpSite, backupFileName, MANUAL_BACKUP_PREFIX, pruneBackups } from '../backups/take-backup.ts';
import { siteEnv } from './find-site.ts';
import { runCommand } from './run-command.ts';

const USAGE = 'Usage: npm run backup [-- --out FILE]';

/**
 * A backup shares the machine with the site it copies: at the lowest CPU priority, its zip and its
 * reading of the copied database wait for the site's requests instead of delaying them
 * (bench/RESULTS.md, "A backup of a running site").
 */
function yieldToTheSite(): void {
  try {
    os.setPriority(os.constants.priority.PRIORITY_LOW);
  } catch {
    // Not allowed on this system: the backup still runs, at the usual priority.
  }
}

/** An encrypted backup's name ends in .age, so nobody takes it for a zip: --out x.zip writes x.zip.age. */
function outName(out: string, encrypted: boolean): string {
  return encrypted && !out.endsWith(ENCRYPTED_SUFFIX) ? `${out}${ENCRYPTED_SUFFIX}` : out;
}

async function main(): Promise<number> {
  yieldToTheSite();
  let values: { out?: string; scheduled?: boolean };
  try {
    ({ values } = parseArgs({ options: { out: { type: 'string' }, scheduled: { type: 'boolean' } } }));
  } catch {
    console.error(USAGE);
    return 2;
  }
  const config = siteEnv();
  const encrypted = Boolean(config.BACKUP_ENCRYPTION_KEY);
  const file = path.resolve(
    values.out
      ? outName(values.out, encrypted)
      : path.join(config.backupDir, backupFileName(values.scheduled ? 'summit' : MANUAL_BACKUP_PREFIX, new Date(), encrypted)),
  );
  const started = performance.now();
  const manifest = await backUpSite(config, file);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const bytes = manifest.files.reduce((sum, entry) => sum + entry.bytes, 0);
  console.log(
    `Backed up ${manifest.tables.length} tables (${rows} rows, schema ${manifest.schema.tag}) and ${manifest.files.length} media files (${Math.round(bytes / 1024)} KB) to ${file}${encrypted ? ' (encrypted with BACKUP_ENCRYPTION_KEY)' : ''} in ${Math.round(performance.now() - started)} ms.`,
  );
  if (values.scheduled) {
    const removed = await pruneBackups(path.dirname(file), config.BACKUP_KEEP);
    if (removed.length) console.log(`Removed ${removed.length} older backups (BACKUP_KEEP=${config.BACKUP_KEEP}).`);
  }
  return 0;
}

runCommand(main);
