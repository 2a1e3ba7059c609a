/**
 * A day's episodes as the day page and the dashboard play them (one episode
 * concept). The pages are rendered once as shells shared by many visitors
 * (src/server/page-loaders/cached-personal-pages.ts), so nothing here is personal: audio plays
 * from /listen/{id}, where the visitor's own access to the day decides
 * (src/server/feed/feed-routes.ts), by the same rule as the page; an external player is an
 * episode too, shown in an iframe when its address is on the allowed audio host.
 */
import type { DayEpisode } from '../../domain/day-page.ts';
import { isAllowedAudioSrc } from '../../domain/audio-embed.ts';
import { renderMarkup } from '../../markup/safe-html.ts';
import { formatAudioDuration } from '../../domain/podcast/audio-formats.ts';
import { episodeLengthSeconds } from '../../domain/podcast/episode-length.ts';
import type { Database } from '../db/client.ts';
import { log } from '../log.ts';
import { cachedEpisodes, type Episode } from './episodes.ts';
import { transcriptPassages } from './transcript-passages.ts';

/** Where a page's player fetches an episode's audio: a kept file by its extension; audio kept elsewhere by id (a redirect). */
export function listenPath(episode: { id: number; audioKey: string | null }): string {
  return episode.audioKey ? `/listen/${episode.id}.${episode.audioKey.split('.').pop()}` : `/listen/${episode.id}`;
}

function sourceOf(episode: Episode, audioHost: string): DayEpisode['source'] | null {
  if (episode.embedUrl) return isAllowedAudioSrc(episode.embedUrl, audioHost) ? { kind: 'embed', src: episode.embedUrl } : null;
  return { kind: 'audio', src: listenPath(episode), type: episode.contentType };
}

/** The stated length, else the measured one; none when neither is known. */
function shownLength(episode: Episode): string | null {
  const seconds = episodeLengthSeconds(episode);
  return seconds === null ? null : formatAudioDuration(seconds);
}

/** The episodes of one day, in the admin's order, that a page can play. */
export function shownEpisodes(episodes: readonly Episode[], { day, audioHost }: { day: number; audioHost: string }): DayEpisode[] {
  return episodes.flatMap((episode) => {
    const source = episode.day === day ? sourceOf(episode, audioHost) : null;
    if (!source) return [];
    return [
      {
        id: episode.id,
        title: episode.title,
        speaker: episode.speaker,
        descriptionHtml: renderMarkup(episode.description),
        duration: shownLength(episode),
        source,
        transcript: transcriptPassages(episode),
      },
    ];
  });
}

/** Each day's episodes; never fails the page: without them it shows the visual-only player. */
export async function loadDayEpisodes(db: Database, editionId: number, audioHost: string): Promise<Map<number, DayEpisode[]>> {
  const days = new Map<number, DayEpisode[]>();
  try {
    const episodes = await cachedEpisodes(db, editionId);
    for (const day of [1, 2, 3]) days.set(day, shownEpisodes(episodes, { day, audioHost }));
  } catch (error) {
    log.error({ err: error, editionId }, 'episodes could not be loaded for a page');
  }
  return days;
}
