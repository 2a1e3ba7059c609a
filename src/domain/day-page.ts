/** The data a day page renders: built by src/server/page-loaders/day-page.ts, shown by src/views/DayPage.tsx. */
import type { DayPageTexts } from './edition-texts/page-texts.ts';
import type { PageMeta } from './page-meta.ts';
import type { EditionDay } from './edition.ts';
import type { SafeHtml } from '../markup/safe-html.ts';
import type { ShownHost, ShownSpeaker } from './shown-content.ts';
import type { BlockState } from './block-state.ts';
import type { SubscribeOptions } from './podcast/subscribe.ts';
import type { PageAccess } from './timer.ts';
import type { TranscriptCue } from './podcast/transcripts.ts';

/**
 * An episode of the day, as its player card shows it (src/server/episodes/day-episodes.ts): audio
 * the browser's own player fetches from /listen (a file we keep, or audio kept elsewhere, which
 * /listen redirects to once the visitor may listen), or an external player in an iframe.
 */
export interface DayEpisode {
  id: number;
  title: string;
  speaker: string;
  /** Sanitised HTML from the episode's markdown. */
  descriptionHtml: SafeHtml;
  /** "6:52", or null when no one knows (audio kept elsewhere, an external player). */
  duration: string | null;
  source: { kind: 'audio'; src: string; type: string } | { kind: 'embed'; src: string };
  /** The transcript's passages, shown folded under the player; null when the episode has none. */
  transcript: TranscriptCue[] | null;
}

/**
 * Whether a day's episodes play for this visitor now (src/domain/access/listening.ts), as a page
 * shows it: `opens` carries the instant as an ISO string (the <time> element's datetime) and as
 * text, or a cached page's field markers for both (src/server/page-loaders/cached-personal-pages.ts).
 */
export type ShownListening = { kind: 'open' } | { kind: 'opens'; iso: string; text: string } | { kind: 'closed' };

export interface DayPageData {
  summit: string;
  editionName: string;
  day: number;
  nextLabel: string | null;
  access: Exclude<PageAccess, { kind: 'closed' }>;
  now: number;
  /** The edition's time zone, in which the page writes the times it renders. */
  timeZone: string;
  dayInfo: EditionDay | null;
  speakers: BlockState<ShownSpeaker[]>;
  host: BlockState<ShownHost | null>;
  allAccessUrl: string;
  /** The edition's name for its All Access Pass (its settings), as the banner offers it. */
  allAccessName: string;
  /** The edition's words for the host card, the upgrade banner and the disclosure. */
  texts: DayPageTexts;
  /** The edition's meta and social words and language. */
  meta: PageMeta;
  /** Whether the banner offers the pass: not to someone who holds it (decision 0057). */
  offerShown: boolean;
  /** 'dashboard' shows the session links (All Access in `registrants` mode), 'public' the upsell. */
  hostContext: 'public' | 'dashboard';
  audioHost: string;
  /** The day's episodes; none shows the visual-only player. */
  episodes: DayEpisode[];
  /** A player only when the visitor may listen; otherwise when the day opens for them. */
  listening: ShownListening;
  /** The signed-in registrant's private feed ("Listen in your podcast app"); null for anyone else. */
  subscribe: SubscribeOptions | null;
}
