/**
 * How many bytes of an episode make a download (IAB Podcast Measurement Technical Guidelines v2.3,
 * section 5.5.3 "Apply file threshold levels"): the file's header (ID3 tags, artwork) plus enough
 * audio to play for one minute, computed per episode from what the upload inspection read.
 */
export interface EpisodeAudioFacts {
  /** Bits per second, as read from the file (music-metadata); null when unknown. */
  bitrate: number | null;
  durationSeconds: number | null;
  /** The file's size in bytes; 0 or null when unknown (audio kept elsewhere). */
  sizeBytes: number | null;
}

/**
 * Which rule gave the threshold:
 * - bitrate: the file's own bitrate, plus the bytes that are not audio (size minus what the
 *   bitrate and duration account for: the header) when size and duration are known;
 * - average-bitrate: no bitrate read, but size and duration: the file's average (header included);
 * - whole-file: only the size is known, or the episode is shorter than a minute: the complete
 *   file (the guidelines' own alternative when the sizes cannot be computed);
 * - assumed-bitrate: nothing is known (audio kept elsewhere, never inspected): 128 kbit/s, the
 *   most common podcast MP3 bitrate; a lower guess would count shorter pulls as downloads.
 */
export type ThresholdBasis = 'bitrate' | 'average-bitrate' | 'whole-file' | 'assumed-bitrate';

export const ONE_MINUTE_SECONDS = 60;
export const ASSUMED_BITRATE = 128_000;

const known = (value: number | null): value is number => value !== null && Number.isFinite(value) && value > 0;

export function oneMinuteBytes(facts: EpisodeAudioFacts): { bytes: number; basis: ThresholdBasis } {
  const { bitrate, durationSeconds: duration, sizeBytes: size } = facts;
  const atMostTheFile = (bytes: number, basis: ThresholdBasis) =>
    known(size) && bytes >= size ? { bytes: size, basis: 'whole-file' as const } : { bytes: Math.ceil(bytes), basis };
  if (known(bitrate)) {
    const perSecond = bitrate / 8;
    const header = known(size) && known(duration) ? Math.max(0, size - perSecond * duration) : 0;
    return atMostTheFile(header + perSecond * ONE_MINUTE_SECONDS, 'bitrate');
  }
  if (known(size) && known(duration)) return atMostTheFile((size / duration) * ONE_MINUTE_SECONDS, 'average-bitrate');
  if (known(size)) return { bytes: size, basis: 'whole-file' };
  return { bytes: (ASSUMED_BITRATE / 8) * ONE_MINUTE_SECONDS, basis: 'assumed-bitrate' };
}
