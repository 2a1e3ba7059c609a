/** The data a day page renders: built by src/server/page-loaders/day-page.ts, shown by src/views/DayPage.tsx. */
import type { EditionDay } from './edition.ts';
import type { SafeHtml } from '../markup/safe-html.ts';
import type { ShownHost, ShownSpeaker } from './shown-content.ts';
import type { BlockState } from './block-state.ts';
import type { SubscribeOptions } from './podcast/subscribe.ts';
import type { PageAccess } from './timer.ts';

/** An episode of the day, as its player card shows it (its audio: src/server/episodes/day-episodes.ts). */
export interface DayEpisode {
  id: number;
  title: string;
  speaker: string;
  /** Sanitised HTML from the episode's markdown. */
  descriptionHtml: SafeHtml;
  /** "6:52", or null when the file did not say. */
  duration: string | null;
  /** Where the native player fetches our audio, or null when the audio is hosted elsewhere (externalUrl then). */
  audioSrc: string | null;
  contentType: string;
  externalUrl: string | null;
}

export interface DayPageData {
  summit: string;
  editionName: string;
  day: number;
  nextLabel: string | null;
  access: Exclude<PageAccess, { kind: 'closed' }>;
  now: number;
  dayInfo: EditionDay | null;
  speakers: BlockState<ShownSpeaker[]>;
  host: BlockState<ShownHost | null>;
  allAccessUrl: string;
  /** 'dashboard' shows the session links (All Access in `registrants` mode), 'public' the upsell. */
  hostContext: 'public' | 'dashboard';
  audioHost: string;
  /** The day's episodes from the admin; empty keeps the edition day's embed player. */
  episodes: DayEpisode[];
  /** The signed-in registrant's private feed ("Listen in your podcast app"); null for anyone else. */
  subscribe: SubscribeOptions | null;
}
