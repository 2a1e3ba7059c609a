/**
 * Reads the admin's episode form as it arrives (busboy): text fields into memory (small and
 * capped), the audio file straight to a temporary file on disk, never whole in memory. A file
 * over the limit is cut off by busboy and reported as truncated; the caller then discards it.
 * The transcript and chapters files (decision 0039) are small text: kept in memory up to their own
 * limits, past which the rest is read and dropped and the file reported as too large.
 */
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { CHAPTERS_MAX_BYTES } from '../../domain/podcast/chapters.ts';
import { TRANSCRIPT_MAX_BYTES } from '../../domain/podcast/transcripts.ts';
import { temporaryAudioPath } from './audio-store.ts';

export interface ReceivedFile {
  path: string;
  truncated: boolean;
}

/** A small text file held in memory: its bytes up to the limit, and whether there was more. */
export interface SmallFile {
  bytes: Uint8Array;
  tooLarge: boolean;
}

export interface EpisodeForm {
  fields: Record<string, string>;
  /** null when no file was chosen. */
  file: ReceivedFile | null;
  /** The transcript and chapters files, when chosen. */
  texts: { transcript?: SmallFile; chapters?: SmallFile };
}

const FIELD_LIMITS = { fields: 20, fieldSize: 40_000, files: 3, parts: 30 };
const SMALL_FILE_LIMITS = { transcript: TRANSCRIPT_MAX_BYTES, chapters: CHAPTERS_MAX_BYTES } as const;

export function readEpisodeForm(req: IncomingMessage, maxFileBytes: number): Promise<EpisodeForm> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { ...FIELD_LIMITS, fileSize: maxFileBytes } });
    } catch (error) {
      return reject(error); // not a form content type
    }
    const fields: Record<string, string> = {};
    const texts: EpisodeForm['texts'] = {};
    const reading: Promise<void>[] = [];
    let receiving: Promise<ReceivedFile | null> = Promise.resolve(null);
    parser.on('field', (name, value) => {
      if (!Object.hasOwn(fields, name)) fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      // An empty file input still sends a part, with no file name: nothing was chosen.
      if (!info.filename) return void stream.resume();
      if (name === 'audio') receiving = receiveFile(stream);
      else if ((name === 'transcript' || name === 'chapters') && !texts[name])
        reading.push(receiveSmallFile(stream, SMALL_FILE_LIMITS[name]).then((file) => void (texts[name] = file)));
      else stream.resume();
    });
    parser.on('error', reject);
    parser.on('close', () => void Promise.all([receiving, ...reading]).then(([file]) => resolve({ fields, file, texts }), reject));
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

/**
 * At most `limit` bytes kept; the rest is read (so the form goes on) and dropped. A file busboy
 * cut off at the form's file limit (a low audio limit) is too large as well, never kept shortened.
 */
function receiveSmallFile(stream: NodeJS.ReadableStream & { truncated?: boolean }, limit: number): Promise<SmallFile> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    stream.on('error', reject);
    stream.on('end', () => resolve({ bytes: Buffer.concat(chunks), tooLarge: size > limit || stream.truncated === true }));
  });
}
