/**
 * Reads the admin's episode form as it arrives (busboy): text fields into memory (small and
 * capped), the audio file straight to a temporary file on disk, never whole in memory. A file
 * over the limit is cut off by busboy and reported as truncated; the caller then discards it.
 */
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { temporaryAudioPath } from './audio-store.ts';

export interface ReceivedFile {
  path: string;
  truncated: boolean;
}

export interface EpisodeForm {
  fields: Record<string, string>;
  /** null when no file was chosen. */
  file: ReceivedFile | null;
}

const FIELD_LIMITS = { fields: 20, fieldSize: 40_000, files: 1, parts: 25 };

export function readEpisodeForm(req: IncomingMessage, maxFileBytes: number): Promise<EpisodeForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { ...FIELD_LIMITS, fileSize: maxFileBytes } });
    } catch (error) {
      return reject(error); // not a form content type
    }
    const fields: Record<string, string> = {};
    let receiving: Promise<ReceivedFile | null> = Promise.resolve(null);
    parser.on('field', (name, value) => {
      if (!Object.hasOwn(fields, name)) fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      // An empty file input still sends a part, with no file name: nothing was chosen.
      if (name !== 'audio' || !info.filename) return void stream.resume();
      receiving = receiveFile(stream);
    });
    parser.on('error', reject);
    parser.on('close', () => void receiving.then((file) => resolve({ fields, file }), reject));
    req.on('error', reject);
    req.pipe(parser);
  });
}

async function receiveFile(stream: NodeJS.ReadableStream & { truncated?: boolean }): Promise<ReceivedFile> {
  const path = await temporaryAudioPath();
  try {
    await pipeline(stream, fs.createWriteStream(path));
  } catch (error) {
    await fs.promises.rm(path, { force: true });
    throw error;
  }
  return { path, truncated: stream.truncated === true };
}
