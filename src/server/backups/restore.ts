/**
 * `npm run restore -- FILE [--data-dir DIR] [--force]` (docs/decisions/0061). The file is checked
 * whole first (read-backup.ts); the database is then rebuilt in a folder of its own inside DIR at
 * the backup's schema version, checked table by table, and only then moved into place with the
 * media. A folder that holds anything but backups is refused without --force; with it, the
 * database and media found there are moved aside into DIR/replaced-{time}, never deleted. The
 * next start migrates a database from an older version, as any upgrade. An encrypted backup
 * (`.zip.age`) is decrypted with the identity given, and the restored folder is owner-only
 * (docs/decisions/0068). The restored site starts with everything outbound paused (e-mails,
 * webhooks, list calls) until an admin resumes it, unless `--resume-outbound` (docs/decisions/0075).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from '../db/client.ts';
import { FolderInUseError, lockFolder } from '../db/folder-lock.ts';
import { pauseOutbound, RESTORED_PAUSE, resumeOutbound as resumeOutboundSending } from '../outbound/pause.ts';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER, tightenToOwnerOnly } from '../owner-only-files.ts';
import { decryptBackup, isEncryptedBackup } from './encryption.ts';
import { fileEntry, type BackupManifest } from './manifest.ts';
import { loadBackupTables } from './load-tables.ts';
import { BackupRefused, verifyBackup, type VerifiedBackup } from './read-backup.ts';

/** What a data folder may hold and still count as empty: backups (the file may be one of them). */
const KEPT = new Set(['backups', 'pglite.lock']);
const REPLACED = ['pglite', 'uploads'];

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

async function checkTarget(dataDir: string, force: boolean): Promise<string[]> {
  const present = (await fsp.readdir(dataDir).catch(() => [] as string[])).filter(
    (name) => !KEPT.has(name) && !name.startsWith('.restoring-'),
  );
  if (present.length > 0 && !force)
    throw new BackupRefused(
      `${dataDir} is not empty (it holds ${present.slice(0, 5).join(', ')}). Restore into an empty folder (--data-dir), or add --force to replace its database and media (they are moved aside, not deleted). Nothing was changed.`,
    );
  return present;
}

async function rebuild(backup: VerifiedBackup, staging: string, resumeOutbound: boolean): Promise<void> {
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(staging, 'pglite') });
  try {
    await handle.migrate({ upTo: backup.manifest.schema.migrations });
    await handle.transact((session) => loadBackupTables(session, backup));
    // A copy started beside the live site must not send its e-mails and webhooks a second time
    // (docs/decisions/0075): it starts paused unless the host says this is the recovery. The
    // folder is still the staging one: nothing runs on it before this is written.
    if (resumeOutbound) await resumeOutboundSending(handle.db);
    else await pauseOutbound(handle.db, { since: new Date().toISOString(), reason: RESTORED_PAUSE });
  } finally {
    await handle.close();
  }
  for (const file of backup.manifest.files) {
    const target = path.join(staging, 'uploads', file.key);
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: OWNER_ONLY_FOLDER });
    await pipeline(await backup.open(fileEntry(file.key)), fs.createWriteStream(target, { mode: OWNER_ONLY_FILE }));
  }
  await fsp.mkdir(path.join(staging, 'uploads'), { recursive: true, mode: OWNER_ONLY_FOLDER });
}

export interface Restored {
  manifest: BackupManifest;
  /** Where the replaced database and media went (--force), or null. */
  replacedInto: string | null;
}

export interface RestoreRequest {
  file: string;
  dataDir: string;
  force: boolean;
  /** A real recovery: the restored site sends at once. Otherwise it starts with everything outbound paused. */
  resumeOutbound?: boolean;
  /** The age identities for an encrypted backup, asked for only when the file is one. */
  identities?: () => Promise<string[]>;
}

/**
 * Restores `file` (an age file is decrypted first, into an owner-only folder beside DATA_DIR that
 * is removed afterwards: encryption.ts). The restored folder is owner-only (docs/decisions/0068).
 */
export async function restoreBackup(request: RestoreRequest): Promise<Restored> {
  if (!(await isEncryptedBackup(request.file))) return restoreVerified(request, await verifyBackup(request.file));
  const identities = (await request.identities?.()) ?? [];
  const parent = path.dirname(request.dataDir);
  const scratch = { folder: '' };
  try {
    await decryptBackup(request.file, identities, async (plain) => {
      // Made only once the key opened the file: a wrong key leaves no trace.
      await fsp.mkdir(parent, { recursive: true, mode: OWNER_ONLY_FOLDER });
      scratch.folder = await fsp.mkdtemp(path.join(parent, '.decrypting-'));
      await pipeline(plain, fs.createWriteStream(path.join(scratch.folder, 'backup.zip'), { mode: OWNER_ONLY_FILE }));
    });
    return await restoreVerified(request, await verifyBackup(path.join(scratch.folder, 'backup.zip'), request.file));
  } finally {
    if (scratch.folder) await fsp.rm(scratch.folder, { recursive: true, force: true });
  }
}

async function restoreVerified({ dataDir, force, resumeOutbound = false }: RestoreRequest, backup: VerifiedBackup): Promise<Restored> {
  try {
    await checkTarget(dataDir, force);
    let unlock: () => void;
    try {
      unlock = lockFolder(dataDir);
    } catch (error) {
      if (error instanceof FolderInUseError)
        throw new BackupRefused(`A site is running on ${dataDir}: stop it first, then restore. Nothing was changed.`);
      throw error;
    }
    try {
      const staging = path.join(dataDir, `.restoring-${stamp()}`);
      try {
        await rebuild(backup, staging, resumeOutbound);
        const replacedInto = await moveAside(dataDir);
        for (const name of REPLACED) await fsp.rename(path.join(staging, name), path.join(dataDir, name));
        // A restored folder is owner-only, whatever the umask and whatever the folder was before.
        await tightenToOwnerOnly(dataDir);
        return { manifest: backup.manifest, replacedInto };
      } finally {
        await fsp.rm(staging, { recursive: true, force: true });
      }
    } finally {
      unlock();
    }
  } finally {
    backup.close();
  }
}

/** The database and media being replaced, moved into DIR/replaced-{time}; null when there were none. */
async function moveAside(dataDir: string): Promise<string | null> {
  const present = REPLACED.filter((name) => fs.existsSync(path.join(dataDir, name)));
  if (present.length === 0) return null;
  const aside = path.join(dataDir, `replaced-${stamp()}`);
  await fsp.mkdir(aside, { mode: OWNER_ONLY_FOLDER });
  for (const name of present) await fsp.rename(path.join(dataDir, name), path.join(aside, name));
  return aside;
}
