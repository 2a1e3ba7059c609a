/**
 * What every storage of uploaded files is (src/server/uploads/upload-storage.ts: the local
 * folder; s3-storage.ts: a bucket), and the keys it holds: ours, random and timestamped, never a
 * visitor's file name, checked before any is used as a path or an object name.
 */
import { AUDIO_FILE_PATH } from '../../domain/edition-transfer-parts.ts';
import { contentTypeForExtension } from '../../domain/podcast/audio-formats.ts';
import type { Readable } from 'node:stream';

export interface StoredFile {
  data: Buffer;
  size: number;
}

export interface Storage {
  /** How the storage is named to a host when something goes wrong ("local folder storage"). */
  readonly name: string;
  /** The folder the files are in, for the local folder; null for a bucket (its files are fetched by URL). */
  readonly folder: string | null;
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Moves a finished file from the local disk into the storage, streamed (a bucket gets a
   * multipart upload), and removes it from the disk.
   */
  putFile(key: string, file: string): Promise<void>;
  /** A small file whole (images); null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** A file of any size as a stream; null when there is none. */
  open(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  copy(from: string, to: string): Promise<void>;
  /** Removes the file; a file already gone is not an error. */
  delete(key: string): Promise<void>;
  /** A short-lived URL a client fetches the file from (a bucket's presigned URL); null: serve it from `folder`. */
  downloadUrl(key: string): Promise<string | null>;
}

const IMAGE_KEY = /^[a-z0-9][a-z0-9/_-]*\.(png|jpg|webp|svg)$/;

/** An uploaded image's key (brands/…, content/…, podcast/…). */
export function isStorageKey(key: string): boolean {
  return IMAGE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}

/** Any key the storage holds: an image's, or an episode file's (audio/…). */
export function isStoredFileKey(key: string): boolean {
  return isStorageKey(key) || AUDIO_FILE_PATH.test(key);
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** The Content-Type of a stored file, from the extension we chose when storing it. */
export function contentTypeOfKey(key: string): string | null {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return IMAGE_TYPES[extension] ?? contentTypeForExtension(extension);
}

export function checkedKey(key: string): string {
  if (!isStoredFileKey(key)) throw new Error(`Invalid storage key ${key}`);
  return key;
}
