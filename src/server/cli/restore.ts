/**
 * npm run restore -- FILE [--data-dir DIR] [--force] [--key-file KEYS] [--resume-outbound]
 * Restores a backup made by npm run backup into an embedded database folder (DATA_DIR by default):
 * src/server/backups/restore.ts. Start the site on that folder afterwards. An encrypted backup
 * (`.zip.age`) takes its age identity from --key-file, else BACKUP_DECRYPTION_KEY, else a hidden
 * prompt on a terminal (docs/decisions/0068). The restored site sends nothing (e-mails, webhooks,
 * list sync) until an admin resumes it, unless --resume-outbound says this is the real recovery
 * (docs/decisions/0075).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseIdentities } from '../backups/encryption.ts';
import { BackupRefused } from '../backups/read-backup.ts';
import { restoreBackup } from '../backups/restore.ts';
import { env } from '../env.ts';
import { siteEnv } from './find-site.ts';
import { askHidden } from './ask-hidden.ts';
import { runCommand } from './run-command.ts';

const USAGE = 'Usage: npm run restore -- FILE [--data-dir DIR] [--force] [--key-file KEYS] [--resume-outbound]';

/** The identities for an encrypted backup: read only when the file turns out to be one. */
function identitiesFrom(keyFile: string | undefined, fromEnvironment: string | undefined): () => Promise<string[]> {
  return async () => {
    if (keyFile) {
      const text = await fsp.readFile(keyFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new BackupRefused(`The key file ${keyFile} cannot be read (${error.code ?? error.message}). Nothing was changed.`);
      });
      return parseIdentities(text);
    }
    if (fromEnvironment) return parseIdentities(fromEnvironment);
    if (!process.stdin.isTTY) return [];
    return parseIdentities(await askHidden('The backup is encrypted. Its key (AGE-SECRET-KEY-1…): '));
  };
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        force: { type: 'boolean' },
        'key-file': { type: 'string' },
        'resume-outbound': { type: 'boolean' },
      },
    });
  } catch {
    console.error(USAGE);
    return 2;
  }
  const [file, ...rest] = parsed.positionals;
  if (!file || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  // A folder named on the command line is the target; otherwise the site's own (refused while it runs).
  const config = parsed.values['data-dir'] ? env() : siteEnv();
  const dataDir = path.resolve(parsed.values['data-dir'] ?? config.dataDir);
  const { manifest, replacedInto } = await restoreBackup({
    file: path.resolve(file),
    dataDir,
    force: parsed.values.force === true,
    resumeOutbound: parsed.values['resume-outbound'] === true,
    identities: identitiesFrom(parsed.values['key-file'], config.BACKUP_DECRYPTION_KEY),
  });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} media files, schema ${manifest.schema.tag}) into ${dataDir}.`,
  );
  if (replacedInto) console.log(`The database and media it replaced are in ${replacedInto}.`);
  console.log(`Start the site with DATA_DIR=${dataDir}; a backup from an older version is migrated on start.`);
  if (parsed.values['resume-outbound'] === true)
    console.log('Outbound sending is on: due e-mails, webhooks and list calls leave once it starts.');
  else
    console.log(
      'Everything outbound is paused (e-mails, webhooks, list sync): nothing leaves until an admin presses "Resume sending" in the admin. For the real recovery, restore with --resume-outbound.',
    );
  return 0;
}

runCommand(main);
