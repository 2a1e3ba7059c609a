/**
 * npm run move-to-postgres -- --to postgres://user:password@host:5432/name
 * Copies the embedded database in DATA_DIR into an empty Postgres database and compares every
 * table on both sides (src/server/backups/move-to-postgres.ts). Then start the site with DATABASE_URL.
 */
import { parseArgs } from 'node:util';
import { moveToPostgres, redacted } from '../backups/move-to-postgres.ts';
import { siteEnv } from './find-site.ts';
import { runCommand } from './run-command.ts';

const USAGE = 'Usage: npm run move-to-postgres -- --to postgres://user:password@host:5432/name';

async function main(): Promise<number> {
  let to: string | undefined;
  try {
    ({
      values: { to },
    } = parseArgs({ options: { to: { type: 'string' } } }));
  } catch {
    to = undefined;
  }
  if (!to) {
    console.error(USAGE);
    return 2;
  }
  const { dataDir } = siteEnv();
  const moved = await moveToPostgres({ dataDir, url: to });
  for (const table of moved)
    console.log(`${table.same ? 'same' : 'DIFFERENT'}  ${table.name}: ${table.rows} rows, sha256 ${table.sha256.slice(0, 16)}`);
  const different = moved.filter((table) => !table.same);
  if (different.length > 0) {
    console.error(`${different.length} tables differ after the copy: keep running on the embedded database and report this.`);
    return 1;
  }
  console.log(`Moved ${moved.length} tables from ${dataDir} to ${redacted(to)}; every table has the same rows and checksum on both sides.`);
  console.log(
    'Start the site with DATABASE_URL set to that address (and keep DATA_DIR for the media, or run npm run move-media -- --to-s3).',
  );
  return 0;
}

runCommand(main);
