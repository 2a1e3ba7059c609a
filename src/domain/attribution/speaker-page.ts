/** What a speaker's own page shows (decision 0038): built by src/server/insights/speaker-page.ts. */
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
}
