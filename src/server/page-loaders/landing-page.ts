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
import { formatDayRange } from '../../domain/dates.ts';
import { shownLandingSections } from '../../domain/edition-texts/shown-sections.ts';
import { faqForEdition, homePageWording } from '../../domain/home-page.ts';
import { pageMeta, type PageMeta } from '../../domain/page-meta.ts';
import type { LandingView } from '../../domain/landing-page.ts';
import { renderMarkup } from '../../markup/safe-html.ts';
import { GENERAL_SPEAKERS_ERROR } from '../../domain/shared-message-texts.ts';
import { loadSiteBrandState } from '../brand/site-brand.ts';
import type { Block } from '../caching/cached-block.ts';
import type { Database } from '../db/client.ts';
import { getDatabase } from '../db/index.ts';
import { readEdition } from '../editions/read-edition.ts';
import { readHomeEditionSlug } from '../editions/home-edition.ts';
import { loadSpeakersBlock, type SpeakersBlock } from '../people/speakers-block.ts';
import { loadFaqBlock, loadSponsorsBlock } from '../site-content/landing-blocks.ts';

export interface LandingPageData {
  edition: Edition;
  brand: SiteBrand;
  speakers: SpeakersBlock;
  sponsors: Block<Sponsor[]>;
  faq: Block<FaqItem[]>;
  /** Some of it is not what the database holds now (remembered, bundled, or a block failed). */
  degraded: boolean;
}

/** The page's title, its meta tags and the view's props. */
export interface LandingPageShown {
  title: string;
  meta: PageMeta;
  view: LandingView;
  degraded: boolean;
}

const blockCount = (block: Block<unknown[]>) => (block.state === 'success' ? block.data.length : null);

/** The landing page as the home page's edition (or the previewed one) shows it, in its own words. */
export async function showLandingPage(speakersFallback: boolean, preview?: Edition): Promise<LandingPageShown> {
  const { edition, brand, speakers, sponsors, faq, degraded } = await loadLandingPage(speakersFallback, preview);
  const { texts, retreat } = edition.settings;
  const wording = homePageWording(edition);
  const shown = shownLandingSections(texts.landing, {
    brandHost: brand.hostName !== null,
    speakers: blockCount(speakers),
    sponsors: blockCount(sponsors),
    faq: blockCount(faq),
  });
  const view: LandingView = {
    brand,
    registerHref: '/register',
    editionLine: wording.heroLine,
    summitDates: wording.dayRange,
    laterCardDates: texts.landing.schedule.laterCard.title && retreat ? formatDayRange(retreat.startDate, retreat.cardEndDate) : '',
    speakers:
      speakers.state === 'success' ? { state: 'success', speakers: speakers.data } : { state: 'error', message: GENERAL_SPEAKERS_ERROR },
    sponsors: sponsors.state === 'success' ? sponsors.data : null,
    sponsorshipEmail: edition.settings.sponsorshipEmail,
    faqItems: faq.state === 'success' ? faq.data : null,
    texts: texts.landing,
    aboutHtml: renderMarkup(texts.landing.about.body),
    disclaimer: texts.disclaimer,
    shown,
  };
  return { title: `${brand.summitName} · ${wording.titleSuffix}`, meta: pageMeta(texts, brand), view, degraded };
}

/** The edition the home page shows, or the one being previewed (its words as typed, not saved). */
async function shownEdition(db: Database, preview: Edition | undefined): Promise<{ edition: Edition; fromMemory: boolean }> {
  if (preview) return { edition: preview, fromMemory: false };
  const slug = await readHomeEditionSlug(db);
  const { edition, fromMemory } = await readEdition(db, slug, { lastReadFallback: true });
  if (!edition) throw new Error(`The home page's edition "${slug}" is missing`);
  return { edition, fromMemory };
}

/** `speakersFallback`: SPEAKERS_FALLBACK (the page reads the configuration); `preview`: an edition the admin previews. */
export async function loadLandingPage(speakersFallback: boolean, preview?: Edition): Promise<LandingPageData> {
  const { db } = await getDatabase();
  const { edition, fromMemory } = await shownEdition(db, preview);
  const [brand, speakers, sponsors, faq] = await Promise.all([
    loadSiteBrandState(),
    loadSpeakersBlock(db, edition, speakersFallback),
    loadSponsorsBlock(db, edition.id),
    loadFaqBlock(db, edition.id),
  ]);
  const degraded =
    fromMemory ||
    brand.degraded ||
    speakers.bundled === true ||
    speakers.state === 'error' ||
    sponsors.state === 'error' ||
    faq.state === 'error';
  // An answer may name the edition's dates by field.
  const shownFaq: Block<FaqItem[]> = faq.state === 'success' ? { ...faq, data: faqForEdition(faq.data, edition) } : faq;
  return { edition, brand: brand.brand, speakers, sponsors, faq: shownFaq, degraded };
}
