/**
 * Reads a backup file (src/server/backups/manifest.ts) and checks it whole before anything is
 * written anywhere (docs/decisions/0061): a file cut short, one whose bytes changed, one from a
 * newer version of the site, or anything else gets a message saying which, and the caller writes
 * nothing.
 */
import { createHash } from 'node:crypto';
import yauzl from 'yauzl';
import { currentSchemaVersion, knownMigrations } from '../db/schema-version.ts';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_ENTRY, fileEntry, tableEntry, type BackupManifest } from './manifest.ts';

export class BackupRefused extends Error {}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** `file` is the name messages give: the backup as the host named it (a decrypted copy has another path). */
async function open(path: string, file: string): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.openPromise(path, { autoClose: false });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message;
    throw new BackupRefused(`${file} is not a complete backup (${reason}). Nothing was changed.`);
  }
}

async function entriesOf(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  return entries;
}

async function readManifest(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, file: string): Promise<BackupManifest> {
  if (!entry || entry.uncompressedSize > MAX_MANIFEST_BYTES)
    throw new BackupRefused(`${file} holds no backup manifest: it is not a backup made by npm run backup. Nothing was changed.`);
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
  const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.tables) || !Array.isArray(manifest.files))
    throw new BackupRefused(`${file} is not a backup made by npm run backup. Nothing was changed.`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupRefused(
      `${file} was written by a newer version of the site (backup format ${manifest.formatVersion}): update the site first. Nothing was changed.`,
    );
  return manifest;
}

function checkSchema(manifest: BackupManifest, file: string): void {
  const current = currentSchemaVersion();
  const known = knownMigrations()[manifest.schema.migrations - 1];
  if (manifest.schema.migrations > current.migrations || (manifest.schema.migrations > 0 && known?.tag !== manifest.schema.tag))
    throw new BackupRefused(
      `${file} comes from a newer version of the site (its database is at migration ${manifest.schema.tag}; this version knows up to ${current.tag}): update the site first, then restore. Nothing was changed.`,
    );
}

/** Every entry the manifest names, with the SHA-256 it must have. */
function expectedEntries(manifest: BackupManifest): Map<string, string> {
  const expected = new Map<string, string>();
  for (const table of manifest.tables) expected.set(tableEntry(table.name), table.sha256);
  for (const file of manifest.files) {
    if (!/^[a-z0-9][a-z0-9/_.-]*$/.test(file.key) || file.key.includes('..'))
      throw new BackupRefused(`The backup names a file "${file.key}" outside the uploads folder. Nothing was changed.`);
    expected.set(fileEntry(file.key), file.sha256);
  }
  return expected;
}

async function sha256Of(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await zip.openReadStreamPromise(entry)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface VerifiedBackup {
  manifest: BackupManifest;
  /** Reads one entry as a stream (the file stays open until close()). */
  open(name: string): Promise<NodeJS.ReadableStream>;
  close(): void;
}

/**
 * Opens the backup at `path` and checks its manifest and every entry's checksum; throws
 * BackupRefused otherwise, naming it `file`.
 */
export async function verifyBackup(path: string, file = path): Promise<VerifiedBackup> {
  const zip = await open(path, file);
  try {
    const entries = await entriesOf(zip);
    const manifest = await readManifest(zip, entries.get(MANIFEST_ENTRY), file);
    checkSchema(manifest, file);
    for (const [name, sha256] of expectedEntries(manifest)) {
      const entry = entries.get(name);
      if (!entry) throw new BackupRefused(`${file} lacks ${name}, which its manifest names. Nothing was changed.`);
      let actual: string;
      try {
        actual = await sha256Of(zip, entry);
      } catch (error) {
        throw new BackupRefused(`${file} is damaged: ${name} cannot be read (${(error as Error).message}). Nothing was changed.`);
      }
      if (actual !== sha256) throw new BackupRefused(`${file} is damaged: ${name} does not match its checksum. Nothing was changed.`);
    }
    return {
      manifest,
      open: async (name) => {
        const entry = entries.get(name);
        if (!entry) throw new Error(`No ${name} in the backup`);
        return zip.openReadStreamPromise(entry);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    if (error instanceof SyntaxError) throw new BackupRefused(`${file} has a manifest that cannot be read. Nothing was changed.`);
    throw error;
  }
}
