/**
 * Loads the landing page: the edition the home page shows (home-edition.ts), the brand and the page's blocks. Each block
 * degrades on its own (server/content-cache/cached-block.ts). While the database cannot be
 * reached the page is still shown (docs/decisions/0024): the edition as this process last read it
 * (it reads them all at start), the brand read last or the defaults, the bundled speakers, and
 * the polite error state of the sponsors and FAQ. Such a page is `degraded`: it must not be
 * cached as the current content.
 */
import type { Edition } from '../../domain/edition.ts';
import type { FaqItem, Sponsor } from '../../domain/entities.ts';
import type { SiteBrand } from '../../domain/brand.ts';
import { faqForEdition } from '../../domain/home-page.ts';
import { loadSiteBrandState } from '../brand/site-brand.ts';
import type { Block } from '../caching/cached-block.ts';
import { getDatabase } from '../db/index.ts';
import { readEdition } from '../editions/read-edition.ts';
import { readHomeEditionSlug } from '../editions/home-edition.ts';
import { loadFaqBlock, loadSpeakersBlock, loadSponsorsBlock, type SpeakersBlock } from '../site-content/landing-blocks.ts';

export interface LandingPageData {
  edition: Edition;
  brand: SiteBrand;
  speakers: SpeakersBlock;
  sponsors: Block<Sponsor[]>;
  faq: Block<FaqItem[]>;
  /** Some of it is not what the database holds now (remembered, bundled, or a block failed). */
  degraded: boolean;
}

/** `speakersFallback`: SPEAKERS_FALLBACK (the page reads the configuration). */
export async function loadLandingPage(speakersFallback: boolean): Promise<LandingPageData> {
  const { db } = await getDatabase();
  const slug = await readHomeEditionSlug(db);
  const { edition, fromMemory } = await readEdition(db, slug, { lastReadFallback: true });
  if (!edition) throw new Error(`The home page's edition "${slug}" is missing`);
  const [brand, speakers, sponsors, faq] = await Promise.all([
    loadSiteBrandState(),
    loadSpeakersBlock(db, edition, speakersFallback),
    loadSponsorsBlock(db),
    loadFaqBlock(db),
  ]);
  const degraded =
    fromMemory ||
    brand.degraded ||
    speakers.bundled === true ||
    speakers.state === 'error' ||
    sponsors.state === 'error' ||
    faq.state === 'error';
  // The FAQ is the site's; the dates in it are the edition's the home page shows.
  const shownFaq: Block<FaqItem[]> = faq.state === 'success' ? { ...faq, data: faqForEdition(faq.data, edition) } : faq;
  return { edition, brand: brand.brand, speakers, sponsors, faq: shownFaq, degraded };
}
