/**
 * The landing page's and the widgets' speakers block: the edition's speakers, falling back to the
 * bundled list (src/content/site/fallback-speakers.ts, docs/PRODUCT.md "Speakers grid")
 * when the speakers source fails; the content API answers with the same list during an outage.
 */
import type { Edition } from '../../domain/edition.ts';
import { speakerInputSchema } from '../../domain/entities.ts';
import type { ShownSpeaker } from '../../domain/shown-content.ts';
import { DEFAULT_SUMMIT } from '../../domain/summit-path.ts';
import { showPerson } from '../../markup/shown-content.ts';
import type { Block } from '../caching/cached-block.ts';
import type { Database } from '../db/client.ts';
import { fallbackSpeakers } from '../../content/site/fallback-speakers.ts';
import { loadSpeakers } from './people-blocks.ts';

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
