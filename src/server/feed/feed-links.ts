/** The addresses of a registrant's feed and episode audio: built here, and only here. */

export function feedPath(key: string): string {
  return `/feed/${key}.xml`;
}

/** The personal URL of an episode's audio: it carries the key, so it ends when the key does. */
export function enclosurePath(key: string, episode: { id: number; audioKey: string | null }): string {
  const extension = episode.audioKey?.split('.').pop();
  return `/feed/${key}/${episode.id}${extension ? `.${extension}` : ''}`;
}

export function feedUrl(siteUrl: string, key: string): string {
  return `${siteUrl}${feedPath(key)}`;
}
