/**
 * Where uploaded files live. The default is a folder (DATA_DIR/uploads) served under
 * /uploads/; an S3-compatible bucket is the scale-out option behind the same interface.
 * Keys are ours (random, timestamped), never a visitor's file name.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  data: Buffer;
  size: number;
}

export interface Storage {
  /** How the storage is named to a host when something goes wrong ("local folder storage"). */
  readonly name: string;
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a file already gone is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_-]*\.(png|jpg|webp|svg)$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..') && !key.includes('//');
}

export function localFolderStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    name: 'local folder storage',
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      await fs.writeFile(`${file}.part`, data);
      await fs.rename(`${file}.part`, file);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const data = await fs.readFile(resolve(key));
        return { data, size: data.length };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}

let uploadsFolder: string | undefined;
let storage: Storage | undefined;

/**
 * Called by the entry (src/server/process-config.ts) with the data folder (DATA_DIR). There is
 * no default: a process that was not configured would write its files to the wrong folder.
 */
export function configureUploads(dataDir: string): void {
  const folder = path.join(dataDir, 'uploads');
  if (folder === uploadsFolder) return;
  uploadsFolder = folder;
  storage = undefined;
}

/** DATA_DIR/uploads: uploaded images, their resized variants' sources and episode audio. */
export function uploadsRoot(): string {
  if (uploadsFolder === undefined) throw new Error('The uploads folder is not configured: the entry calls configureProcess() first');
  return uploadsFolder;
}

export function getStorage(): Storage {
  storage ??= localFolderStorage(uploadsRoot());
  return storage;
}
