/**
 * The backup made before every start that migrates a database already in use (docs/decisions/0061):
 * written by the starting process itself, which holds the database and serves nothing yet, into
 * BACKUP_DIR as `before-migration-{time}.zip` (never pruned by BACKUP_KEEP), encrypted like every
 * backup when BACKUP_ENCRYPTION_KEY is set (`.zip.age`, docs/decisions/0068).
 */
import path from 'node:path';
import type { MigrateOptions } from '../db/client.ts';
import type { Env } from '../env.ts';
import { log } from '../log.ts';
import { backupFileName } from './take-backup.ts';
import { writeBackup } from './write-backup.ts';

export function backupBeforeMigrating(
  config: Pick<Env, 'DATABASE_URL' | 'dataDir' | 'backupDir' | 'objectStorage' | 'BACKUP_ENCRYPTION_KEY'>,
): MigrateOptions['beforeMigrating'] {
  return async (transact) => {
    const file = path.join(config.backupDir, backupFileName('before-migration', new Date(), Boolean(config.BACKUP_ENCRYPTION_KEY)));
    const started = performance.now();
    const manifest = await writeBackup(
      {
        driver: config.DATABASE_URL ? 'postgres' : 'pglite',
        transact,
        uploadsDir: config.objectStorage ? null : path.join(config.dataDir, 'uploads'),
      },
      file,
      { recipient: config.BACKUP_ENCRYPTION_KEY },
    );
    log.info({ file, schema: manifest.schema.tag, ms: Math.round(performance.now() - started) }, 'backed up before migrating');
  };
}
