/**
 * Decides what an uploaded audio file really is, from its bytes: file-type names the container
 * (never the file name or the declared type), and music-metadata reads duration and bitrate
 * from the file itself, so the feed's itunes:duration and enclosure length are the truth.
 */
import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { ACCEPTED_AUDIO_DESCRIPTION, audioFormatFor, type AudioFormat } from '../../domain/podcast/audio-formats.ts';

export type InspectedAudio =
  | { ok: true; format: AudioFormat; sizeBytes: number; durationSeconds: number | null; bitrate: number | null }
  | { ok: false; error: string };

export const NOT_AUDIO = `That file is not ${ACCEPTED_AUDIO_DESCRIPTION} audio.`;

export async function inspectAudio(file: string): Promise<InspectedAudio> {
  const { size } = await fs.stat(file);
  if (size === 0) return { ok: false, error: 'The audio file is empty.' };
  const format = audioFormatFor((await fileTypeFromFile(file))?.mime);
  if (!format) return { ok: false, error: NOT_AUDIO };
  try {
    // duration: true reads to the end when the header has no length (VBR MP3 without a Xing frame).
    const { format: read } = await parseFile(file, { duration: true, skipCovers: true });
    const durationSeconds = read.duration && Number.isFinite(read.duration) ? Math.round(read.duration) : null;
    const bitrate = read.bitrate && Number.isFinite(read.bitrate) ? Math.round(read.bitrate) : null;
    return { ok: true, format, sizeBytes: size, durationSeconds, bitrate };
  } catch {
    // The container's magic bytes matched but the stream does not parse: not playable audio.
    return { ok: false, error: NOT_AUDIO };
  }
}
