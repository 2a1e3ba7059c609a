/** The data a day page renders: built by src/server/page-loaders/day-page.ts, shown by src/views/DayPage.tsx. */
import type { EditionDay } from './edition.ts';
import type { Host, Speaker } from './entities.ts';
import type { BlockState } from './block-state.ts';
import type { PageAccess } from './timer.ts';

export interface DayPageData {
  summit: string;
  editionName: string;
  day: number;
  nextLabel: string | null;
  access: Exclude<PageAccess, { kind: 'closed' }>;
  now: number;
  dayInfo: EditionDay | null;
  speakers: BlockState<Speaker[]>;
  host: BlockState<Host | null>;
  allAccessUrl: string;
  /** 'dashboard' shows the session links (All Access in `registrants` mode), 'public' the upsell. */
  hostContext: 'public' | 'dashboard';
  audioHost: string;
}
