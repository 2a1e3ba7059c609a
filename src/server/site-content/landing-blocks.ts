/**
 * The data of the landing page's blocks. Each degrades on its own (see blocks.ts); the default
 * speakers fall back to the bundled list (docs/PRODUCT.md "Speakers grid").
 */
import { fallbackSpeakers } from './fallback-speakers.ts';
import type { Edition } from '../../domain/edition.ts';
import { DEFAULT_SUMMIT } from '../../domain/summit-path.ts';
import { speakerInputSchema, type FaqItem, type Sponsor } from '../../domain/entities.ts';
import type { ShownSpeaker } from '../../domain/shown-content.ts';
import { showPerson } from '../../markup/shown-content.ts';
import type { Database } from '../db/client.ts';
import { CONTENT_TTL_MS, loadBlock, type Block } from '../caching/cached-block.ts';
import { listFaqItems, listSponsors } from './site-content-queries.ts';
import { loadSpeakers } from '../people/people-blocks.ts';

/** The bundled list, shaped like database rows (negative ids never clash with real ones), as pages show it. */
export const bundledSpeakers: ShownSpeaker[] = fallbackSpeakers.map((input, index) =>
  showPerson({ ...speakerInputSchema.parse(input), id: -(index + 1) }),
);

/** A block that may hold the bundled list instead of the database's (`bundled`). */
export type SpeakersBlock = Block<ShownSpeaker[]> & { bundled?: true };

/**
 * The edition's speakers; on failure the bundled list (`bundled: true`: the page is not the
 * current content, so it must not be cached as such), unless the host turned it off (`fallback`:
 * SPEAKERS_FALLBACK). The bundled people are the demo july edition's: another edition on the home
 * page shows the error instead of someone else's speakers.
 */
export async function loadSpeakersBlock(db: Database, edition: Edition, fallback: boolean): Promise<SpeakersBlock> {
  const block = await loadSpeakers(db, edition);
  if (block.state === 'error' && fallback && edition.slug === DEFAULT_SUMMIT)
    return { state: 'success', data: bundledSpeakers, bundled: true };
  return block;
}

export function loadSponsorsBlock(db: Database, editionId: number): Promise<Block<Sponsor[]>> {
  return loadBlock(`sponsors:${editionId}`, CONTENT_TTL_MS, () => listSponsors(db, editionId));
}

export function loadFaqBlock(db: Database, editionId: number): Promise<Block<FaqItem[]>> {
  return loadBlock(`faq:${editionId}`, CONTENT_TTL_MS, () => listFaqItems(db, editionId));
}
