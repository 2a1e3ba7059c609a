/**
 * The audio an episode may be (decision 0020): MP3, M4A/AAC and Ogg (Vorbis or Opus), recognised by
 * the bytes of the file (file-type's answer), never by its name. Each accepted kind has the
 * extension we store it under and the Content-Type podcast apps expect in the enclosure.
 */
export interface AudioFormat {
  extension: 'mp3' | 'm4a' | 'aac' | 'ogg' | 'opus';
  contentType: string;
}

/** file-type's MIME answers we accept, and what we make of each. */
const BY_DETECTED_MIME: Record<string, AudioFormat> = {
  'audio/mpeg': { extension: 'mp3', contentType: 'audio/mpeg' },
  'audio/x-m4a': { extension: 'm4a', contentType: 'audio/mp4' },
  'audio/mp4': { extension: 'm4a', contentType: 'audio/mp4' },
  'audio/aac': { extension: 'aac', contentType: 'audio/aac' },
  'audio/ogg': { extension: 'ogg', contentType: 'audio/ogg' },
  'audio/ogg; codecs=opus': { extension: 'opus', contentType: 'audio/ogg' },
  'audio/opus': { extension: 'opus', contentType: 'audio/ogg' },
};

export function audioFormatFor(detectedMime: string | undefined): AudioFormat | null {
  return detectedMime ? (BY_DETECTED_MIME[detectedMime] ?? null) : null;
}

const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = Object.fromEntries(
  Object.values(BY_DETECTED_MIME).map((format) => [format.extension, format.contentType]),
);

export function contentTypeForExtension(extension: string): string | null {
  return CONTENT_TYPE_BY_EXTENSION[extension] ?? null;
}

/** The enclosure type for an external audio URL, from its path; MP3 when it says nothing. */
export function contentTypeForUrl(url: string): string {
  const extension = /\.([a-z0-9]{2,4})$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? '';
  return contentTypeForExtension(extension) ?? 'audio/mpeg';
}

export const ACCEPTED_AUDIO_DESCRIPTION = 'MP3, M4A/AAC or Ogg/Opus';

/** "1:02:03" or "4:05": itunes:duration and the players' display. */
export function formatAudioDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** "500 MB" for a limit in bytes (decimal megabytes, as file managers show sizes). */
export function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / 1_000_000)} MB`;
}

/** A measured size as file managers show it: "98 KB", "2.5 MB" (decimal units). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(0, Math.round(bytes / 1000))} KB`;
  return `${Math.round(bytes / 100_000) / 10} MB`;
}
