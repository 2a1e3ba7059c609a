/**
 * Writes a backup file from one consistent snapshot of the database and the local media
 * (docs/decisions/0061). The zip is streamed to `{file}.partial`, flushed to disk and only then
 * renamed to its name, so a backup killed midway leaves a `.partial` and never a file that
 * claims to be complete. Memory holds one batch of rows or one chunk of a file.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Transact } from '../db/sql-session.ts';
import { appliedSchemaVersion } from '../db/schema-version.ts';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from '../owner-only-files.ts';
import { isStoredFileKey } from '../uploads/stored-files.ts';
import { encryptStream } from './encryption.ts';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_ENTRY, fileEntry, tableEntry, type BackupManifest } from './manifest.ts';
import { readTable, sequencePositions, siteTables } from './tables.ts';

export interface BackupSource {
  driver: BackupManifest['driver'];
  transact: Transact;
  /** DATA_DIR/uploads, when the media are kept in the local folder; null: in a bucket (not in the file). */
  uploadsDir: string | null;
}

/** Writes to a stream with its backpressure: waits while the zip has not taken the last chunk. */
async function send(stream: PassThrough, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

async function addTables(zip: yazl.ZipFile, source: BackupSource, manifest: BackupManifest): Promise<void> {
  await source.transact(
    async (session) => {
      const schema = await appliedSchemaVersion(session);
      manifest.schema = { migrations: schema.migrations, tag: schema.tag };
      manifest.sequences = await sequencePositions(session);
      for (const name of await siteTables(session)) {
        const stream = new PassThrough();
        zip.addReadStream(stream, tableEntry(name));
        const hash = createHash('sha256');
        let rows = 0;
        await readTable(session, name, async (lines) => {
          const text = lines.map((line) => `${line}\n`).join('');
          hash.update(text);
          rows += lines.length;
          await send(stream, text);
        });
        stream.end();
        manifest.tables.push({ name, rows, sha256: hash.digest('hex') });
      }
    },
    { snapshot: true },
  );
}

/** The stored files under the uploads folder (not the files on their way in). */
async function* storedFiles(root: string, prefix = ''): AsyncGenerator<string> {
  const entries = await fsp.readdir(path.join(root, prefix), { withFileTypes: true }).catch(() => []);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* storedFiles(root, key);
    else if (entry.isFile() && isStoredFileKey(key)) yield key;
  }
}

async function addFiles(zip: yazl.ZipFile, uploadsDir: string, manifest: BackupManifest): Promise<void> {
  for await (const key of storedFiles(uploadsDir)) {
    // Opened first: a file deleted after the database snapshot (an expired upload) is left out.
    const handle = await fsp.open(path.join(uploadsDir, key)).catch(() => null);
    if (!handle) continue;
    const hash = createHash('sha256');
    let bytes = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const finished = once(counting, 'end');
    // Audio and images are compressed already.
    zip.addReadStream(handle.createReadStream().pipe(counting), fileEntry(key), { compress: false });
    await finished;
    manifest.files.push({ key, bytes, sha256: hash.digest('hex') });
  }
}

/** Flushes a file's bytes, or a folder's entries (a rename), to the disk. */
async function flush(file: string): Promise<void> {
  const handle = await fsp.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface BackupOptions {
  /** BACKUP_ENCRYPTION_KEY, an age recipient: the file is then an age file (encryption.ts). */
  recipient?: string | undefined;
}

/**
 * Writes the backup to `file` and returns its manifest. The file and a folder made for it are
 * owner-only whatever the umask: a backup holds the secret every personal link is derived from,
 * the webhook secrets, the password, token and session hashes and every registrant's e-mail
 * (docs/decisions/0068).
 */
export async function writeBackup(source: BackupSource, file: string, { recipient }: BackupOptions = {}): Promise<BackupManifest> {
  const partial = `${file}.partial`;
  await fsp.mkdir(path.dirname(file), { recursive: true, mode: OWNER_ONLY_FOLDER });
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    driver: source.driver,
    schema: { migrations: 0, tag: null },
    tables: [],
    sequences: {},
    files: [],
  };
  const zip = new yazl.ZipFile();
  const output = fs.createWriteStream(partial, { mode: OWNER_ONLY_FILE });
  try {
    const bytes = recipient ? await encryptStream(zip.outputStream as Readable, recipient) : zip.outputStream;
    // Awaited once the zip ends; a failure meanwhile surfaces there (or in the cleanup below).
    const written = pipeline(bytes, output);
    written.catch(() => {});
    await addTables(zip, source, manifest);
    if (source.uploadsDir) await addFiles(zip, source.uploadsDir, manifest);
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY);
    zip.end();
    await written;
    await flush(partial);
    await fsp.rename(partial, file);
    await flush(path.dirname(file));
  } catch (error) {
    output.destroy();
    await fsp.rm(partial, { force: true });
    throw error;
  }
  return manifest;
}
