/**
 * Episode audio: stored under audio/{timestamp}-{random}.{ext} in the uploads storage
 * (src/server/uploads/upload-storage.ts: DATA_DIR/uploads, or the bucket). Audio is large, so
 * unlike images it is only ever streamed: an upload is written to a temporary file on this
 * process's disk as it arrives, judged there, and then moved into the storage (a rename, or a
 * multipart upload to the bucket). Listeners get it from src/server/feed/audio-answers.ts:
 * streamed from the folder, or by a short-lived presigned URL from the bucket.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AUDIO_FILE_PATH } from '../../domain/edition-transfer-parts.ts';
import { getStorage, uploadsRoot } from '../uploads/upload-storage.ts';

/** DATA_DIR/uploads, as the entry configured it: where arriving audio is written before it is kept. */
export function audioRoot(): string {
  return uploadsRoot();
}

export function isAudioKey(key: string): boolean {
  return AUDIO_FILE_PATH.test(key);
}

/** A fresh temporary file on this process's disk for arriving audio (beside the local store: the final move is a rename). */
export async function temporaryAudioPath(): Promise<string> {
  const folder = path.join(audioRoot(), 'audio');
  await fs.mkdir(folder, { recursive: true });
  return path.join(folder, `incoming-${randomBytes(12).toString('hex')}.part`);
}

const newAudioKey = (extension: string) => `audio/${Date.now()}-${randomBytes(8).toString('hex')}.${extension}`;

/** Moves a judged upload into the storage under a new key, and returns the key. */
export async function keepAudio(temporaryPath: string, extension: string): Promise<string> {
  const key = newAudioKey(extension);
  await getStorage().putFile(key, temporaryPath);
  return key;
}

/** Removes a temporary file of this process's disk. */
export async function discardFile(file: string): Promise<void> {
  await fs.rm(file, { force: true });
}

/** Removes a stored episode file (when its episode is deleted or its audio replaced). */
export async function removeAudio(key: string | null): Promise<void> {
  if (key && isAudioKey(key)) await getStorage().delete(key);
}

/** Whether the storage holds this episode file (the key checked first: never a name from elsewhere). */
export async function audioExists(key: string): Promise<boolean> {
  return isAudioKey(key) && getStorage().exists(key);
}

/** A stored episode file as a stream, or null when there is none. */
export async function openAudio(key: string): Promise<Readable | null> {
  return isAudioKey(key) ? getStorage().open(key) : null;
}

/** A copy of a stored file under a new key (an edition imported beside the one whose file it is). */
export async function copyAudio(key: string): Promise<string | null> {
  if (!(await audioExists(key))) return null;
  const copy = newAudioKey(key.slice(key.lastIndexOf('.') + 1));
  await getStorage().copy(key, copy);
  return copy;
}
