/**
 * The addresses of a registrant's feed and episode audio: built here, and only here (the feed
 * answers them, src/server/feed; the personal links and the pages show them).
 */

export function feedPath(key: string): string {
  return `/feed/${key}.xml`;
}

/** The personal URL of an episode's audio: it carries the key, so it ends when the key does. */
export function enclosurePath(key: string, episode: { id: number; audioKey: string | null }): string {
  const extension = episode.audioKey?.split('.').pop();
  return `/feed/${key}/${episode.id}${extension ? `.${extension}` : ''}`;
}

/** The personal URL of an episode's transcript ("vtt", "srt" or "txt"): it carries the key like the audio. */
export function transcriptPath(key: string, episode: { id: number }, extension: string): string {
  return `/feed/${key}/${episode.id}/transcript.${extension}`;
}

/** The personal URL of an episode's JSON chapters. */
export function chaptersPath(key: string, episode: { id: number }): string {
  return `/feed/${key}/${episode.id}/chapters.json`;
}

export function feedUrl(siteUrl: string, key: string): string {
  return `${siteUrl}${feedPath(key)}`;
}
