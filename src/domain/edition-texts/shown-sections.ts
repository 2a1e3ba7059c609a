/**
 * Which landing sections show: a section shows when the host has not hidden it and it has
 * something in it, so a hidden or empty section leaves no heading behind (docs/PRODUCT.md "The
 * host's own words"). Content that failed to load (null) still shows, with its "could not be
 * loaded" note, so a visitor is told rather than shown a gap.
 */
import type { LandingTexts } from './schema.ts';

export const LANDING_SECTIONS = ['about', 'host', 'whyAudio', 'speakers', 'schedule', 'sponsors', 'faq', 'closing'] as const;
export type LandingSection = (typeof LANDING_SECTIONS)[number];

export interface LandingContent {
  /** The brand names a host. */
  brandHost: boolean;
  /** How many of each were loaded; null: they could not be loaded. */
  speakers: number | null;
  sponsors: number | null;
  faq: number | null;
}

const hasItems = (count: number | null) => count === null || count > 0;

function hasContent(section: LandingSection, texts: LandingTexts, content: LandingContent): boolean {
  switch (section) {
    case 'about':
      return texts.about.body !== '' || texts.about.receive.length > 0;
    case 'host':
      return content.brandHost || texts.host.placeholderName !== '';
    case 'whyAudio':
      return texts.whyAudio.points.length > 0;
    case 'speakers':
      return hasItems(content.speakers);
    case 'schedule':
      return texts.schedule.summitCard.title !== '' || texts.schedule.laterCard.title !== '' || texts.schedule.difference.length > 0;
    case 'sponsors':
      return hasItems(content.sponsors);
    case 'faq':
      return hasItems(content.faq);
    case 'closing':
      return texts.closing.heading !== '' || texts.closing.text !== '';
  }
}

export type ShownSections = Record<LandingSection, boolean>;

export function shownLandingSections(texts: LandingTexts, content: LandingContent): ShownSections {
  const entries = LANDING_SECTIONS.map((section) => [section, texts[section].shown && hasContent(section, texts, content)] as const);
  return Object.fromEntries(entries) as ShownSections;
}
