/**
 * Whether an audio file's size agrees with its measured duration. Audio of a given length can
 * only take so many bytes: no accepted format goes past a known bitrate, so a file much larger
 * than its duration allows carries something besides audio (an MP3 of 7 seconds followed by
 * 100 MB of zeros, to fill the disk through an edition archive or an upload).
 */
import { formatFileSize, type AudioFormat } from './audio-formats.ts';

/**
 * The highest bitrate each kind reaches, in bits per second: MP3 stops at 320 kbps; AAC and
 * Vorbis at about 512 kbps for stereo, Opus at 510 kbps; an M4A may hold lossless ALAC, about
 * 1.4 Mbps for CD audio.
 */
const MAX_BITS_PER_SECOND: Record<AudioFormat['extension'], number> = {
  mp3: 320_000,
  aac: 512_000,
  ogg: 512_000,
  opus: 512_000,
  m4a: 1_500_000,
};

/** Room over the highest bitrate: containers and frame padding. */
const MARGIN = 1.25;

/** Room for what is not audio: tags and cover art embedded in the file (a 3000 px square JPEG is 1-4 MB). */
export const TAG_ALLOWANCE_BYTES = 10_000_000;

/** The most bytes one second of this kind of audio takes, with the margin. */
export function mostBytesPerSecond(extension: AudioFormat['extension']): number {
  return (MAX_BITS_PER_SECOND[extension] * MARGIN) / 8;
}

/** The most bytes `durationSeconds` of this kind of audio can take (null: the length is unknown). */
export function largestPlausibleSize(extension: AudioFormat['extension'], durationSeconds: number | null): number {
  return Math.ceil((durationSeconds ?? 0) * mostBytesPerSecond(extension)) + TAG_ALLOWANCE_BYTES;
}

/** Null when the size agrees with the duration, else why the file is refused. */
export function audioSizeProblem({
  extension,
  sizeBytes,
  durationSeconds,
}: {
  extension: AudioFormat['extension'];
  sizeBytes: number;
  durationSeconds: number | null;
}): string | null {
  const largest = largestPlausibleSize(extension, durationSeconds);
  if (sizeBytes <= largest) return null;
  const length = durationSeconds === null ? 'audio whose length cannot be measured' : `${durationSeconds.toFixed(1)} seconds of audio`;
  return `The file is ${formatFileSize(sizeBytes)}, but ${length} takes at most ${formatFileSize(largest)}: the rest is not audio.`;
}
