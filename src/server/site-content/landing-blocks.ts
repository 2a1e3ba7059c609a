/**
 * The data of the landing page's site-wide blocks, sponsors and FAQ. Each degrades on its own (see
 * blocks.ts); the speakers block, which falls back to the bundled list of src/content/site/fallback-speakers.ts, is
 * src/server/people/speakers-block.ts.
 */
import type { FaqItem, Sponsor } from '../../domain/entities.ts';
import type { Database } from '../db/client.ts';
import { CONTENT_TTL_MS, loadBlock, type Block } from '../caching/cached-block.ts';
import { listFaqItems, listSponsors } from './site-content-queries.ts';

export function loadSponsorsBlock(db: Database, editionId: number): Promise<Block<Sponsor[]>> {
  return loadBlock(`sponsors:${editionId}`, CONTENT_TTL_MS, () => listSponsors(db, editionId));
}

export function loadFaqBlock(db: Database, editionId: number): Promise<Block<FaqItem[]>> {
  return loadBlock(`faq:${editionId}`, CONTENT_TTL_MS, () => listFaqItems(db, editionId));
}
