/**
 * The embeddable widgets (docs/PRODUCT.md "Widgets and embeds"): what a widget page renders and how it reports its
 * height to the partner page that frames it (docs/PRODUCT.md "Embed height").
 */
import type { BlockState } from './block-state.ts';
import type { ShownBonusItem, ShownSession, ShownSpeaker } from './shown-content.ts';

export const EMBED_WIDGETS = ['speakers', 'implementation', 'bonus-bundle'] as const;
export type EmbedWidget = (typeof EMBED_WIDGETS)[number];

export function isEmbedWidget(value: string | undefined): value is EmbedWidget {
  return (EMBED_WIDGETS as readonly string[]).includes(value ?? '');
}

/** Where each widget is switched on and configured in an edition's settings. */
export const EMBED_SETTINGS_KEY = { speakers: 'speakers', implementation: 'implementation', 'bonus-bundle': 'bonusBundle' } as const;
export const EMBED_LABELS = { speakers: 'Speakers', implementation: 'Implementation Sessions', 'bonus-bundle': 'Bonus Bundle' } as const;

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
  | { widget: 'bonus-bundle'; items: BlockState<ShownBonusItem[]> };

export interface EmbedPageData {
  title: string;
  height: EmbedHeightConfig;
  content: EmbedContent;
}
