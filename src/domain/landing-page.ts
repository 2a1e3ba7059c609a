/**
 * What the landing page shows (docs/PRODUCT.md "Landing page"), as the server loads it and the
 * view takes it: the edition's dates and words, its sponsors and questions, and which sections
 * show (edition-texts/shown-sections.ts).
 */
import type { SiteBrand } from './brand.ts';
import type { LandingTexts } from './edition-texts/schema.ts';
import type { ShownSections } from './edition-texts/shown-sections.ts';
import type { FaqItem, Sponsor } from './entities.ts';
import type { ShownSpeaker } from './shown-content.ts';
import type { SafeHtml } from '../markup/safe-html.ts';

export interface LandingView {
  brand: SiteBrand;
  registerHref: string;
  /** The hero's line naming the edition shown: 'July 15-17, 2025'. */
  editionLine: string;
  summitDates: string;
  /** The schedule's later card's dates (the demo's retreat), or ''. */
  laterCardDates: string;
  /** The edition's speakers, or the message shown when they could not be loaded. */
  speakers: { state: 'success'; speakers: ShownSpeaker[] } | { state: 'error'; message: string };
  /** null: they could not be loaded. */
  sponsors: Sponsor[] | null;
  sponsorshipEmail: string;
  faqItems: FaqItem[] | null;
  texts: LandingTexts;
  /** The About text, rendered from its markdown. */
  aboutHtml: SafeHtml;
  disclaimer: string;
  /** Which sections show (a hidden or empty one leaves no heading). */
  shown: ShownSections;
}
