/**
 * npm run restore -- FILE [--data-dir DIR] [--force]
 * Restores a backup made by npm run backup into an embedded database folder (DATA_DIR by default):
 * src/server/backups/restore.ts. Start the site on that folder afterwards.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../backups/restore.ts';
import { env } from '../env.ts';
import { runCommand } from './run-command.ts';

const USAGE = 'Usage: npm run restore -- FILE [--data-dir DIR] [--force]';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { 'data-dir': { type: 'string' }, force: { type: 'boolean' } } });
  } catch {
    console.error(USAGE);
    return 2;
  }
  const [file, ...rest] = parsed.positionals;
  if (!file || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const dataDir = path.resolve(parsed.values['data-dir'] ?? env().dataDir);
  const { manifest, replacedInto } = await restoreBackup({ file: path.resolve(file), dataDir, force: parsed.values.force === true });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} media files, schema ${manifest.schema.tag}) into ${dataDir}.`,
  );
  if (replacedInto) console.log(`The database and media it replaced are in ${replacedInto}.`);
  console.log(`Start the site with DATA_DIR=${dataDir}; a backup from an older version is migrated on start.`);
  return 0;
}

runCommand(main);
