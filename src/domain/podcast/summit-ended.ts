/**
 * After the summit, a free registrant's feed is not an empty show (decision 0034): it keeps
 * one personal item, "the summit has ended", telling them how to keep listening. Pure: when the
 * summit ended for them, and what the item says.
 */
import type { TimerConfig } from '../edition.ts';
import type { RegistrantTier } from '../entities.ts';
import { dayWindowFor, dayWindows } from '../mail/send-rules.ts';
import { dayOpensAt, FEED_DAYS, type FeedDay } from './drip.ts';

const DAY_MS = 24 * 3600 * 1000;

/** The spoken clip the item carries (public/podcast/summit-ended.mp3: espeak-ng and lame, once). */
export const SUMMIT_ENDED_AUDIO = {
  path: '/podcast/summit-ended.mp3',
  contentType: 'audio/mpeg',
  bytes: 51_827,
  durationSeconds: 13,
} as const;

/**
 * When the summit ended for this registrant, or null while it has not: a free registrant whose
 * every day has opened and closed, and who may hear none of them now.
 */
export function summitEndedAt({
  tier,
  timers,
  registeredAt,
  audibleDays,
  now,
}: {
  tier: RegistrantTier;
  timers: ReadonlyMap<FeedDay, TimerConfig | null>;
  registeredAt: Date;
  audibleDays: number;
  now: Date;
}): Date | null {
  if (tier !== 'free' || audibleDays > 0) return null;
  const windows = dayWindows({ day1: timers.get(1) ?? undefined, day2: timers.get(2) ?? undefined, day3: timers.get(3) ?? undefined });
  const ends = FEED_DAYS.map((day, index) => {
    const window = windows[index];
    // A day without a timer: a day long from when it opens, as the drip counts it.
    return window ? dayWindowFor(window, registeredAt).end : dayOpensAt(null, registeredAt, day).getTime() + DAY_MS;
  });
  const endedAt = Math.max(...ends);
  return now.getTime() >= endedAt ? new Date(endedAt) : null;
}

export interface SummitEndedItem {
  guid: string;
  title: string;
  /** Markdown: rendered and sanitised like every episode description. */
  description: string;
}

/**
 * The item's words, with the registrant's own link to their page (the upgrade lives there): the
 * edition's own (`words`, its settings' feedEnded) or the product's.
 */
export function summitEndedItem({
  editionId,
  registrantId,
  showName,
  keepListeningUrl,
  words,
}: {
  editionId: number;
  registrantId: number;
  showName: string;
  keepListeningUrl: string;
  words: { title: string; text: string } | null;
}): SummitEndedItem {
  const text = words
    ? [words.text]
    : [
        `Thank you for listening to ${showName}. The days you registered for have closed, so their episodes have left this feed.`,
        'You can keep listening: a pass keeps every episode of the summit open for you, here in your podcast app and on the summit’s pages.',
      ];
  return {
    guid: `summit-ended-${editionId}-${registrantId}`,
    title: words?.title ?? 'The summit has ended: how to keep listening',
    description: [...text, `**[See how to keep listening](${keepListeningUrl})**`].join('\n\n'),
  };
}
