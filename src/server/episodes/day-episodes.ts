/**
 * A day page's episodes (issue 17, item 6). The page is rendered once as a shell for every
 * visitor (src/server/page-loaders/cached-personal-pages.ts), so nothing here is personal: each
 * self-hosted episode plays from /listen/{id}.{ext}, where the visitor's own window for the day
 * decides (src/server/feed/feed-routes.ts), by the same rule as the page.
 */
import type { DayEpisode } from '../../domain/day-page.ts';
import { renderMarkup } from '../../markup/safe-html.ts';
import { formatAudioDuration } from '../../domain/podcast/audio-formats.ts';
import type { Database } from '../db/client.ts';
import { log } from '../log.ts';
import { cachedEpisodes } from './episodes.ts';

/** Where a day page's player fetches an episode's audio. */
export function listenPath(episode: { id: number; audioKey: string | null }): string {
  return `/listen/${episode.id}.${episode.audioKey?.split('.').pop() ?? 'mp3'}`;
}

/** Never fails the page: without episodes it keeps the edition day's embed player. */
export async function loadDayEpisodes(db: Database, editionId: number, day: number): Promise<DayEpisode[]> {
  try {
    const episodes = (await cachedEpisodes(db, editionId)).filter((episode) => episode.day === day);
    if (!episodes.length) return [];
    return episodes.map((episode) => ({
      id: episode.id,
      title: episode.title,
      speaker: episode.speaker,
      descriptionHtml: renderMarkup(episode.description),
      duration: episode.durationSeconds === null ? null : formatAudioDuration(episode.durationSeconds),
      audioSrc: episode.audioKey ? listenPath(episode) : null,
      contentType: episode.contentType,
      externalUrl: episode.externalUrl,
    }));
  } catch (error) {
    log.error({ err: error, day }, 'episodes could not be loaded for a day page');
    return [];
  }
}
