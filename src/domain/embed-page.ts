/**
 * The embeddable widgets (docs/PRODUCT.md "Widgets and embeds"): what a widget page renders and how it reports its
 * height to the partner page that frames it (docs/PRODUCT.md "Embed height").
 */
import type { BlockState } from './block-state.ts';
import type { EditionSettings } from './edition-settings/schema.ts';
import type { ShownBonusItem, ShownSession, ShownSpeaker } from './shown-content.ts';

export const EMBED_WIDGETS = ['speakers', 'implementation', 'bonus-bundle', 'leaderboard'] as const;
export type EmbedWidget = (typeof EMBED_WIDGETS)[number];
/** The widgets of the edition's content, switched on and sized under settings.embeds and settings.embedHeight. */
export type ContentWidget = Exclude<EmbedWidget, 'leaderboard'>;

export function isEmbedWidget(value: string | undefined): value is EmbedWidget {
  return (EMBED_WIDGETS as readonly string[]).includes(value ?? '');
}

/** Where each content widget is switched on and configured in an edition's settings. */
export const EMBED_SETTINGS_KEY = { speakers: 'speakers', implementation: 'implementation', 'bonus-bundle': 'bonusBundle' } as const;
export const EMBED_LABELS = {
  speakers: 'Speakers',
  implementation: 'Implementation Sessions',
  'bonus-bundle': 'Bonus Bundle',
  leaderboard: 'Registrations by affiliate',
} as const;

/**
 * Whether the edition serves the widget: a content widget by settings.embeds, the affiliates'
 * leaderboard by settings.affiliates (off unless the host switched it on; decision 0066).
 */
export function widgetEnabled(settings: Pick<EditionSettings, 'embeds' | 'affiliates'>, widget: EmbedWidget): boolean {
  return widget === 'leaderboard' ? settings.affiliates.leaderboardWidget : settings.embeds[EMBED_SETTINGS_KEY[widget]];
}

/** How the leaderboard widget reports its height (the content widgets' come from the edition's settings). */
export const LEADERBOARD_EMBED_HEIGHT: { padding: number; delaysMs: number[]; sendsSourceAndTimestamp: boolean } = {
  padding: 40,
  delaysMs: [100, 500],
  sendsSourceAndTimestamp: false,
};

/** A line of the leaderboard widget: a name and the registrations it brought, nothing more (no money, no address). */
export interface LeaderboardWidgetEntry {
  place: number;
  name: string;
  registrations: number;
}

/** A widget a partner can embed; summit null is the general (unprefixed) speakers widget. */
export interface EmbeddableWidget {
  summit: string | null;
  widget: EmbedWidget;
  label: string;
}

/** The one-line embed a partner pastes. */
export function widgetSnippet(origin: string, { summit, widget }: Pick<EmbeddableWidget, 'summit' | 'widget'>): string {
  const summitAttribute = summit ? ` data-summit="${summit}"` : '';
  return `<div data-summit-widget="${widget}"${summitAttribute}></div>\n<script src="${origin}/embed.js" async></script>`;
}

export interface EmbedHeightConfig {
  /** Added to the measured content height. */
  padding: number;
  /** Re-measure after load at these delays (ms). */
  delaysMs: number[];
  /** July and August also send source and timestamp; this is the source they send. */
  source: string | null;
}

/** Only changes larger than this many pixels are sent (docs/PRODUCT.md "Embed height"). */
export const HEIGHT_CHANGE_THRESHOLD_PX = 10;

export const EMBED_MESSAGES = {
  implementationError: 'Error loading implementation sessions. Please try again later.',
  noSessionLink: 'No session link available',
  bonusLoading: 'Loading bonus bundle...',
  bonusEmpty: 'No bonus items available yet',
  bonusError: 'Error loading bonus bundle items. Please try again later.',
} as const;

export type EmbedContent =
  | { widget: 'speakers'; speakers: BlockState<ShownSpeaker[]>; errorMessage: string }
  | { widget: 'implementation'; sessions: BlockState<ShownSession[]> }
  | { widget: 'bonus-bundle'; items: BlockState<ShownBonusItem[]> }
  | { widget: 'leaderboard'; entries: LeaderboardWidgetEntry[] };

export interface EmbedPageData {
  title: string;
  height: EmbedHeightConfig;
  content: EmbedContent;
}
