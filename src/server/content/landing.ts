/**
 * The data of the landing page's blocks. Each block loads on its own and degrades on its own:
 * a failing source turns that block into its error state (or, for the default speakers, the
 * bundled fallback list) while the rest of the page still renders.
 */
import { fallbackSpeakers } from '../../content/fallback-speakers.ts';
import { speakerInputSchema, type FaqItem, type Speaker, type Sponsor } from '../../domain/entities.ts';
import { cached } from '../cache.ts';
import type { Database } from '../db/client.ts';
import { env } from '../env.ts';
import { log } from '../log.ts';
import { listFaqItems, listSpeakers, listSponsors } from './queries.ts';
import type { Edition } from '../../domain/edition.ts';

export type Block<T> = { state: 'success'; data: T } | { state: 'error' };

const FIVE_MINUTES = 5 * 60 * 1000;

/** The bundled list, shaped like database rows (negative ids never clash with real ones). */
export const bundledSpeakers: Speaker[] = fallbackSpeakers.map((input, index) => ({
  ...speakerInputSchema.parse(input),
  id: -(index + 1),
}));

async function loadBlock<T>(name: string, load: () => Promise<T>): Promise<Block<T>> {
  try {
    return { state: 'success', data: await cached(name, FIVE_MINUTES, load) };
  } catch (error) {
    log.error({ err: error, block: name }, 'content block failed');
    return { state: 'error' };
  }
}

/** The default edition's speakers; on failure the bundled list, unless the host turned it off. */
export async function loadSpeakersBlock(db: Database, edition: Edition): Promise<Block<Speaker[]>> {
  const block = await loadBlock(`speakers:${edition.slug}`, () => listSpeakers(db, edition.id));
  if (block.state === 'error' && env().SPEAKERS_FALLBACK) return { state: 'success', data: bundledSpeakers };
  return block;
}

export function loadSponsorsBlock(db: Database): Promise<Block<Sponsor[]>> {
  return loadBlock('sponsors', () => listSponsors(db));
}

export function loadFaqBlock(db: Database): Promise<Block<FaqItem[]>> {
  return loadBlock('faq', () => listFaqItems(db));
}
