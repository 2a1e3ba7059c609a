import type { OwnCommission } from '../affiliates/own-page.ts';

/** What a speaker's (or partner's) own page shows (decisions 0038, 0066): built by src/server/affiliates/speaker-page.ts. */
export interface SpeakerPageData {
  name: string;
  editionName: string;
  /** Their share link, absolute. */
  shareUrl: string;
  registrations: number;
  listeners: number;
  /** Their place on the edition's leaderboard, and how many are on it. */
  place: number;
  of: number;
  /** Their commission (decision 0066), or null when the summit pays them none. */
  commission: OwnCommission | null;
}
