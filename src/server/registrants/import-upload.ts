/**
 * An import's CSV as it arrives (docs/decisions/0062): written chunk by chunk to a file of its own
 * in the system's temporary folder, refused as soon as it passes MAX_IMPORT_BYTES or stops being
 * UTF-8, and hashed on the way, so memory stays bounded whatever is sent. The import then reads
 * the file as a stream (twice, for the admin's dry run and its import), and the API's
 * Idempotency-Key compares the hash. The admin page keeps its dry run's file until it imports it
 * or an hour passes.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_IMPORT_BYTES } from '../../domain/registrants/import-limits.ts';
import { ImportRefusal } from './import-refusal.ts';

export interface StagedUpload {
  id: string;
  path: string;
  sha256: string;
  bytes: number;
}

const FOLDER = path.join(os.tmpdir(), 'summit-imports');
const KEEP_MS = 60 * 60 * 1000;
const ID = /^[A-Za-z0-9_-]{22}$/;

const TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it into smaller files and import each.`;
const NOT_UTF8 = 'The file is not UTF-8 text. Save it as UTF-8 (in spreadsheets: “CSV UTF-8”) and try again.';

/** Writes the body to a new staged file; an ImportRefusal (413, 400) when it is too large or not UTF-8. */
export async function stageUpload(body: ReadableStream<Uint8Array> | null, declaredBytes = 0): Promise<StagedUpload> {
  if (declaredBytes > MAX_IMPORT_BYTES) throw new ImportRefusal(413, TOO_LARGE);
  await fsp.mkdir(FOLDER, { recursive: true, mode: 0o700 });
  await sweepStale();
  const id = randomBytes(16).toString('base64url');
  const file = path.join(FOLDER, `${id}.csv`);
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const out = fs.createWriteStream(file, { mode: 0o600 });
  let bytes = 0;
  try {
    const reader = body?.getReader();
    for (;;) {
      const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
      if (bytes > MAX_IMPORT_BYTES) {
        await reader?.cancel();
        throw new ImportRefusal(413, TOO_LARGE);
      }
      decodeOrRefuse(decoder, chunk.value);
      hash.update(chunk.value);
      if (!out.write(chunk.value)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    decodeOrRefuse(decoder, undefined);
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  } catch (error) {
    out.destroy();
    await fsp.rm(file, { force: true });
    throw error;
  }
  return { id, path: file, sha256: hash.digest('hex'), bytes };
}

function decodeOrRefuse(decoder: TextDecoder, chunk: Uint8Array | undefined): void {
  try {
    decoder.decode(chunk, { stream: chunk !== undefined });
  } catch {
    throw new ImportRefusal(400, NOT_UTF8);
  }
}

/** A staged file by the id the dry run's page carries, or null when it is gone. */
export async function findStaged(id: string): Promise<StagedUpload | null> {
  if (!ID.test(id)) return null;
  const file = path.join(FOLDER, `${id}.csv`);
  try {
    const stat = await fsp.stat(file);
    return { id, path: file, sha256: '', bytes: stat.size };
  } catch {
    return null;
  }
}

export async function dropStaged(upload: Pick<StagedUpload, 'path'>): Promise<void> {
  await fsp.rm(upload.path, { force: true });
}

/** Staged files older than an hour: dry runs nobody imported. */
async function sweepStale(): Promise<void> {
  const names = await fsp.readdir(FOLDER).catch(() => [] as string[]);
  const before = Date.now() - KEEP_MS;
  for (const name of names) {
    const file = path.join(FOLDER, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < before) await fsp.rm(file, { force: true });
  }
}
