/**
 * Decides what an uploaded audio file really is, from its bytes: file-type names the container
 * (never the file name or the declared type), and music-metadata reads duration and bitrate
 * from the file itself, so the feed's itunes:duration and enclosure length are the truth. The
 * size must agree with that duration (domain/podcast/audio-size.ts), and an MP3 must hold
 * frames throughout (mpeg-throughout.ts): a short recording padded to hundreds of megabytes is
 * refused, whether it came as an upload or inside an edition archive.
 */
import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { ACCEPTED_AUDIO_DESCRIPTION, audioFormatFor, type AudioFormat } from '../../domain/podcast/audio-formats.ts';
import { audioSizeProblem } from '../../domain/podcast/audio-size.ts';
import { mpegAudioThroughout } from './mpeg-throughout.ts';

export type InspectedAudio =
  | { ok: true; format: AudioFormat; sizeBytes: number; durationSeconds: number | null; bitrate: number | null }
  /** reason: 'padded' when the file is audio but holds more than its length explains. */
  | { ok: false; reason: 'empty' | 'not-audio' | 'padded'; error: string };

export const NOT_AUDIO = `That file is not ${ACCEPTED_AUDIO_DESCRIPTION} audio.`;
export const NOT_AUDIO_THROUGHOUT = 'The file holds more than audio: part of it has no MP3 frames.';

export async function inspectAudio(file: string): Promise<InspectedAudio> {
  const { size } = await fs.stat(file);
  if (size === 0) return { ok: false, reason: 'empty', error: 'The audio file is empty.' };
  const format = audioFormatFor((await fileTypeFromFile(file))?.mime);
  if (!format) return { ok: false, reason: 'not-audio', error: NOT_AUDIO };
  let read: Awaited<ReturnType<typeof parseFile>>['format'];
  try {
    // duration: true reads to the end when the header has no length (VBR MP3 without a Xing frame).
    read = (await parseFile(file, { duration: true, skipCovers: true })).format;
  } catch {
    // The container's magic bytes matched but the stream does not parse: not playable audio.
    return { ok: false, reason: 'not-audio', error: NOT_AUDIO };
  }
  const measured = read.duration && Number.isFinite(read.duration) ? read.duration : null;
  const sizeProblem = audioSizeProblem({ extension: format.extension, sizeBytes: size, durationSeconds: measured });
  if (sizeProblem) return { ok: false, reason: 'padded', error: sizeProblem };
  if (format.extension === 'mp3' && !(await mpegAudioThroughout(file, size)))
    return { ok: false, reason: 'padded', error: NOT_AUDIO_THROUGHOUT };
  const bitrate = read.bitrate && Number.isFinite(read.bitrate) ? Math.round(read.bitrate) : null;
  return { ok: true, format, sizeBytes: size, durationSeconds: measured === null ? null : Math.round(measured), bitrate };
}
