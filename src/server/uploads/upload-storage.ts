/**
 * Where uploaded files live: uploaded images and episode audio, behind one interface with two
 * implementations (decision 0040). The default is a folder, DATA_DIR/uploads, served under
 * /uploads/ and /feed/…, /listen/…; with S3_BUCKET set, an S3-compatible bucket
 * (src/server/uploads/s3-storage.ts), which every app process on every machine shares.
 * Keys are ours (random, timestamped), never a visitor's file name.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from '../owner-only-files.ts';
import { s3Storage, type S3Settings } from './s3-storage.ts';
import { checkedKey, isStoredFileKey, type Storage } from './stored-files.ts';

export type { Storage, StoredFile } from './stored-files.ts';
export { isStorageKey } from './stored-files.ts';

export function localFolderStorage(root: string): Storage {
  const resolve = (key: string) => path.join(root, checkedKey(key));
  const readable = async (key: string) => isStoredFileKey(key) && (await fsp.stat(resolve(key)).catch(() => null))?.isFile() === true;
  /**
   * Written under a temporary name and renamed, so a reader never sees half a file; owner-only
   * whatever the umask or the mode of a file it was copied from (docs/decisions/0068).
   */
  const writeWhole = async (file: string, write: (part: string) => Promise<void>) => {
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: OWNER_ONLY_FOLDER });
    await write(`${file}.part`);
    await fsp.chmod(`${file}.part`, OWNER_ONLY_FILE);
    await fsp.rename(`${file}.part`, file);
  };
  return {
    name: 'local folder storage',
    folder: root,
    async put(key, data) {
      await writeWhole(resolve(key), (part) => fsp.writeFile(part, data));
    },
    async putFile(key, file) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: OWNER_ONLY_FOLDER });
      try {
        await fsp.chmod(file, OWNER_ONLY_FILE);
        await fsp.rename(file, target);
      } catch {
        // Another file system (a temporary folder elsewhere): copied, then removed.
        await writeWhole(target, (part) => pipeline(fs.createReadStream(file), fs.createWriteStream(part)));
        await fsp.rm(file, { force: true });
      }
    },
    async get(key) {
      if (!(await readable(key))) return null;
      const data = await fsp.readFile(resolve(key));
      return { data, size: data.length };
    },
    async open(key) {
      return (await readable(key)) ? fs.createReadStream(resolve(key)) : null;
    },
    exists: readable,
    async copy(from, to) {
      await writeWhole(resolve(to), (part) => fsp.copyFile(resolve(from), part));
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    downloadUrl: async () => null,
  };
}

export interface UploadSettings {
  /** The bucket, when the files live in object storage (S3_BUCKET set); null: DATA_DIR/uploads. */
  objectStorage: S3Settings | null;
  /** MEDIA_PUBLIC_URL: where the public images are fetched from instead (a CDN in front of the bucket). */
  mediaPublicUrl?: string;
}

let uploadsFolder: string | undefined;
let bucket: S3Settings | null = null;
let storage: Storage | undefined;
let publicUrl: string | undefined;

/**
 * Called by the entry (src/server/process-config.ts) with the data folder (DATA_DIR) and the
 * object storage settings. There is no default: a process that was not configured would write
 * its files to the wrong place.
 */
export function configureUploads(dataDir: string, settings: UploadSettings = { objectStorage: null }): void {
  publicUrl = settings.mediaPublicUrl?.replace(/\/$/, '');
  const folder = path.join(dataDir, 'uploads');
  if (folder === uploadsFolder && settings.objectStorage === bucket) return;
  uploadsFolder = folder;
  bucket = settings.objectStorage;
  storage = undefined;
}

/**
 * DATA_DIR/uploads: this process's own folder. With the local storage it holds the stored files;
 * in every case the files on their way in (an episode upload being received, an edition archive
 * being imported) are written here first.
 */
export function uploadsRoot(): string {
  if (uploadsFolder === undefined) throw new Error('The uploads folder is not configured: the entry calls configureProcess() first');
  return uploadsFolder;
}

export function getStorage(): Storage {
  storage ??= bucket ? s3Storage(bucket) : localFolderStorage(uploadsRoot());
  return storage;
}

/** The public origin (and path) of uploaded images when a CDN serves them; undefined: /uploads/ on this site. */
export function mediaPublicUrl(): string | undefined {
  return publicUrl;
}
