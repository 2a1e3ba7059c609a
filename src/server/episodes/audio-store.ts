/**
 * Where episode audio lives: DATA_DIR/uploads/audio/{timestamp}-{random}.{ext}. Audio is large,
 * so unlike images (src/server/uploads/upload-storage.ts, whole buffers) it is only ever streamed: an
 * upload is written to a temporary file as it arrives and moved into place once judged, and
 * the enclosure route streams the file with `send` (byte ranges, ETag). A bucket would replace
 * the path with a signed URL behind this same module.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AUDIO_FILE_PATH } from '../../domain/edition-transfer-parts.ts';
import { uploadsRoot } from '../uploads/upload-storage.ts';

/** DATA_DIR/uploads, as the entry configured it (src/server/uploads/upload-storage.ts). */
export function audioRoot(): string {
  return uploadsRoot();
}

export function isAudioKey(key: string): boolean {
  return AUDIO_FILE_PATH.test(key);
}

/** A fresh temporary file for an arriving upload, in the same folder so the final move is a rename. */
export async function temporaryAudioPath(): Promise<string> {
  const folder = path.join(audioRoot(), 'audio');
  await fs.mkdir(folder, { recursive: true });
  return path.join(folder, `incoming-${randomBytes(12).toString('hex')}.part`);
}

/** Moves a judged upload into place under a new key, and returns the key. */
export async function keepAudio(temporaryPath: string, extension: string): Promise<string> {
  const key = `audio/${Date.now()}-${randomBytes(8).toString('hex')}.${extension}`;
  await fs.rename(temporaryPath, path.join(audioRoot(), key));
  return key;
}

export async function discardFile(file: string): Promise<void> {
  await fs.rm(file, { force: true });
}

/** Removes a stored episode file (when its episode is deleted or its audio replaced). */
export async function removeAudio(key: string | null): Promise<void> {
  if (key && isAudioKey(key)) await discardFile(path.join(audioRoot(), key));
}

/** Stores audio given as bytes (the demo seed's generated files). */
export async function storeAudioBytes(data: Uint8Array, extension: string): Promise<string> {
  const temporary = await temporaryAudioPath();
  await fs.writeFile(temporary, data);
  return keepAudio(temporary, extension);
}

/** Where a stored file is on disk (the key checked first: never a path from elsewhere). */
export function audioPath(key: string): string | null {
  return isAudioKey(key) ? path.join(audioRoot(), key) : null;
}

/** A copy of a stored file under a new key (an edition imported beside the one whose file it is). */
export async function copyAudio(key: string): Promise<string | null> {
  const source = audioPath(key);
  if (!source || !(await fs.stat(source).catch(() => null))?.isFile()) return null;
  const temporary = await temporaryAudioPath();
  await fs.copyFile(source, temporary);
  return keepAudio(temporary, key.slice(key.lastIndexOf('.') + 1));
}
