/**
 * The data a members dashboard renders: built by src/server/page-loaders/dashboard-page.ts from the
 * edition's data, shown by the one view src/views/DashboardPage.tsx. Nothing here is per month.
 */
import type { HostCardTexts } from './edition-texts/page-texts.ts';
import type { PageMeta } from './page-meta.ts';
import type { BlockState } from './block-state.ts';
import type { DayEpisode, ShownListening } from './day-page.ts';
import type { EditionDay } from './edition.ts';
import type { EditionSettings } from './edition-settings/schema.ts';
import type { ShownBonusItem, ShownHost, ShownSession, ShownSpeaker } from './shown-content.ts';
import type { RegistrantTier } from './entities.ts';
import type { TierOffer } from './offers.ts';
import type { SubscribeOptions } from './podcast/subscribe.ts';
import type { PageAccess } from './timer.ts';

export interface DashboardDay {
  day: number;
  info: EditionDay | null;
  host: BlockState<ShownHost | null>;
  episodes: DayEpisode[];
  listening: ShownListening;
  /** The card shown when the day has no host of its own. */
  hostCard: HostCardTexts;
}

export type IntegrationSchedule =
  | { kind: 'static'; entries: EditionSettings['dashboard']['staticSchedule']; communityUrl: string }
  /** Sessions of the days the edition shows, in ceremony order (opening first, closing last). */
  | { kind: 'sessions'; sessions: BlockState<ShownSession[]> };

export interface DashboardPageData {
  summit: string;
  editionName: string;
  /** 'July 15-17 2025' */
  summitDates: string;
  /** The visitor's tier. Dashboards assume All Access Pass holders in `open` editions (docs/PRODUCT.md "Audience tiers and passes"). */
  tier: RegistrantTier;
  /**
   * 'full': the full dashboard (All Access, or any visitor of an `open` edition). 'reduced': a free
   * or Replay registrant's own page in a `registrants` edition: their days, their feed and the
   * upgrade (decision 0033).
   */
  view: 'full' | 'reduced';
  access: Exclude<PageAccess, { kind: 'closed' }>;
  now: number;
  /** The edition's time zone, in which the page writes the times it renders. */
  timeZone: string;
  accessDays: number;
  days: DashboardDay[];
  speakers: BlockState<ShownSpeaker[]>;
  schedule: IntegrationSchedule;
  /** null: the edition has no integration week. */
  integrationWeek: { startDate: string; endDate: string } | null;
  bonusCards: EditionSettings['dashboard']['bonusCards'];
  /** null when the edition has no bonus bundle on its dashboard. */
  bonusBundle: BlockState<ShownBonusItem[]> | null;
  schoolTrialDays: number;
  tiers: TierOffer[];
  /** With its prices formatted in the edition's currency ("$25.00"). */
  templateUpsell:
    | (NonNullable<EditionSettings['dashboard']['templateUpsell']> & {
        url: string;
        paymentUrl: string;
        priceText: string;
        fullPriceText: string;
      })
    | null;
  workshop: (NonNullable<EditionSettings['dashboard']['workshop']> & { url: string; priceText: string }) | null;
  links: EditionSettings['links'];
  supportEmail: string;
  /** The signed-in registrant's address bounced and is suppressed (docs/decisions/0082): the page says so. */
  addressBounced: boolean;
  audioHost: string;
  /** The signed-in registrant's private feed ("Listen in your podcast app"); null for anyone else. */
  subscribe: SubscribeOptions | null;
  /** The edition's words: the note while there are no bonuses ('' hides the section) and the disclosure. */
  texts: { noBonuses: string; disclaimer: string };
  meta: PageMeta;
}
