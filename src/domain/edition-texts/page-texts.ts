/**
 * The edition's words as the day pages and the dashboard place them, with their fields filled in
 * (fill.ts) and the brand's host in the host card when the day has no host of its own.
 */
import type { EditionTexts } from './schema.ts';
import { fillText, type TextValues } from './fill.ts';

export interface HostCardTexts {
  /** The brand's host's initials for the avatar; '' for the generic card. */
  initials: string;
  heading: string;
  subheading: string;
  welcome: string;
}

export interface DayPageTexts {
  hostCard: HostCardTexts;
  upgrade: { heading: string; text: string };
  disclaimer: string;
}

interface BrandHost {
  hostName: string | null;
  hostTitle: string | null;
}

/** "Ada Lovelace" → "AL". */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** The card for a day without a host of its own: the brand's host when it names one. */
export function hostCardTexts(texts: EditionTexts, day: number, brand: BrandHost): HostCardTexts {
  const welcome = texts.dayPage.hostWelcome;
  if (brand.hostName) return { initials: initials(brand.hostName), heading: brand.hostName, subheading: brand.hostTitle ?? '', welcome };
  return { initials: '', heading: texts.dayPage.hostHeading, subheading: `Your guide for Day ${day}`, welcome };
}

export function dayPageTexts(
  texts: EditionTexts,
  { day, brand, values }: { day: number; brand: BrandHost; values: TextValues },
): DayPageTexts {
  return {
    hostCard: hostCardTexts(texts, day, brand),
    // Every field the form says this text may name (textValuesOf), not only the pass's name.
    upgrade: { heading: texts.dayPage.upgradeHeading, text: fillText(texts.dayPage.upgradeText, values) },
    disclaimer: texts.disclaimer,
  };
}
