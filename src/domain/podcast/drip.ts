/**
 * When an edition day's episodes reach a registrant's feed (decision 0020).
 * Evergreen editions: day N opens (N-1) x 24 hours after registration, as day 1's window hands
 * over to day 2. Live editions: at the day's start in the edition's time zone. Whether the day
 * then stays is the one access rule's answer (src/server/feed/feed-access.ts asks it);
 * this module only says when a day begins for a person, and what the feed then lists.
 */
import type { TimerConfig } from '../edition.ts';
import { zonedTimeToInstant } from '../timer.ts';

export const FEED_DAYS = [1, 2, 3] as const;
export type FeedDay = (typeof FEED_DAYS)[number];
const DAY_MS = 24 * 3600 * 1000;

/** The instant day `day` opens for someone who registered at `registeredAt`. */
export function dayOpensAt(timer: TimerConfig | null, registeredAt: Date, day: FeedDay): Date {
  if (timer?.mode === 'live') return new Date(zonedTimeToInstant(timer.eventStartDate, timer.timezone));
  return new Date(registeredAt.getTime() + (day - 1) * DAY_MS);
}

export interface DripEpisode {
  id: number;
  day: number;
  position: number;
}

/**
 * The episodes of the open days, newest day first (podcast apps list by date anyway), in the
 * admin's order within a day. `openedAt` maps each open day to when it opened.
 */
export function episodesInFeed<E extends DripEpisode>(
  episodes: readonly E[],
  openedAt: ReadonlyMap<number, Date>,
): Array<E & { publishedAt: Date }> {
  return episodes
    .filter((episode) => openedAt.has(episode.day))
    .sort((a, b) => b.day - a.day || a.position - b.position || a.id - b.id)
    .map((episode, index, list) => {
      // Within a day, earlier positions get later instants, so apps that sort by date show the
      // admin's first episode on top; a second apart keeps the dates distinct and stable.
      const sameDayAfter = list.filter((other, j) => j > index && other.day === episode.day).length;
      const opened = openedAt.get(episode.day) as Date;
      return { ...episode, publishedAt: new Date(opened.getTime() + sameDayAfter * 1000) };
    });
}
