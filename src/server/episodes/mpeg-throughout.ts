/**
 * Whether an MP3 holds audio from its start to its end. music-metadata reads a constant-bitrate
 * MP3 without a Xing/Info header by its first frames and works the duration out from the file's
 * size, so an MP3 of 7 seconds followed by 100 MB of zeros "measures" seven hours and agrees
 * with its size. Counting every frame of a large file takes tens of seconds; so windows spread
 * over the file are measured instead, each parsed on its own (no size given, so its frames are
 * counted): every window must hold about as much audio as its bytes can carry. The windows but
 * the last are placed at random, so padding cannot be laid out around known places.
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parseStream } from 'music-metadata';
import { mostBytesPerSecond } from '../../domain/podcast/audio-size.ts';

const WINDOW_BYTES = 64 * 1024;
const WINDOWS = 8;
/** A window must hold at least this share of its bytes as audio at the highest MP3 bitrate (frames cut at its edges, tags). */
const AUDIO_SHARE = 0.5;

/** Where the frames begin: after an ID3v2 tag (its size is a 28-bit "syncsafe" number, plus a footer when flagged). */
function framesStart(head: Buffer): number {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
  return 10 + size + (head[5]! & 0x10 ? 10 : 0);
}

async function holdsAudio(window: Buffer): Promise<boolean> {
  try {
    const { format } = await parseStream(
      Readable.from([window], { objectMode: false }),
      { mimeType: 'audio/mpeg' },
      { duration: true, skipCovers: true },
    );
    return (format.duration ?? 0) * mostBytesPerSecond('mp3') >= window.length * AUDIO_SHARE;
  } catch {
    return false;
  }
}

/** The windows' offsets: the whole stretch when it is short, else random ones and the last. */
function windowOffsets(start: number, size: number): { offset: number; length: number }[] {
  if (size - start <= WINDOWS * WINDOW_BYTES) return [{ offset: start, length: size - start }];
  const last = size - WINDOW_BYTES;
  const offsets = Array.from({ length: WINDOWS - 1 }, () => randomInt(start, last));
  return [...offsets, last].map((offset) => ({ offset, length: WINDOW_BYTES }));
}

export async function mpegAudioThroughout(file: string, size: number): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(10);
    await handle.read(head, 0, head.length, 0);
    const start = framesStart(head);
    if (start >= size) return false;
    for (const { offset, length } of windowOffsets(start, size)) {
      const window = Buffer.alloc(length);
      const { bytesRead } = await handle.read(window, 0, length, offset);
      if (!(await holdsAudio(window.subarray(0, bytesRead)))) return false;
    }
    return true;
  } finally {
    await handle.close();
  }
}
