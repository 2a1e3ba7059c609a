/** What the insights screen of an edition shows (decision 0038): built by src/server/insights, drawn by src/views/admin. */
import type { TimedPage } from '../edition.ts';
import type { PassKind, PassNames } from '../passes.ts';
import type { FunnelStep } from './funnel.ts';
import type { LeaderboardRow } from './leaderboard.ts';
import type { DayCount } from './registrations-chart.ts';
import type { Revenue } from './revenue.ts';

/** The campaigns listed on the screen: the busiest (a URL can name any number of them). */
export const MAX_CAMPAIGNS_SHOWN = 50;

export interface CampaignCount {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  registrations: number;
}

export interface EpisodeNumbers {
  episodeId: number;
  title: string;
  day: number;
  downloads: number;
  listeners: number;
}

export interface MailCounts {
  sent: number;
  failed: number;
  pending: number;
  skipped: number;
}

/** Passes of one kind bought from the payment provider and not taken back, and what they brought in per currency. */
export interface PassSales {
  pass: PassKind;
  sold: number;
  revenue: Revenue[];
}

/** How many registrants opened each timed page of the edition at least once. */
export type OpenedPages = Record<TimedPage, number>;

export interface EditionInsights {
  edition: { slug: string; name: string; timezone: string };
  registrationsPerDay: DayCount[];
  registrations: number;
  /** Registrations with neither a share link nor a campaign. */
  direct: number;
  campaigns: CampaignCount[];
  leaderboard: LeaderboardRow[];
  episodes: EpisodeNumbers[];
  funnel: FunnelStep[];
  openedPages: OpenedPages;
  /** One row per pass kind, in the order of passKinds (src/domain/passes.ts). */
  passes: PassSales[];
  /** The edition's names for its passes, as the passes table shows them. */
  passNames: PassNames;
  mail: MailCounts;
  /** Personal feeds fetched from more networks in a day than FEED_SHARE_NETWORK_LIMIT (decision 0037). */
  sharedFeeds: SharedFeedRow[];
}

export interface SharedFeedRow {
  registrantId: number;
  firstName: string;
  email: string;
  networks: number;
  /** The UTC day it was seen (YYYY-MM-DD). */
  day: string;
}
