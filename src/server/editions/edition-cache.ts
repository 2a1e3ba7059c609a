/**
 * Editions as pages read them: cached briefly, since every page needs one. Each read is also
 * remembered (last-read-editions.ts), for public pages while the database cannot be reached.
 */
import type { Edition } from '../../domain/edition.ts';
import { cached, peekCached } from '../caching/content-cache.ts';
import type { Database } from '../db/client.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { findEdition } from './edition-queries.ts';
import { lastReadEdition, rememberEdition } from './last-read-editions.ts';

const EDITION_TTL_MS = 30_000;

const editionKey = (slug: string) => `edition:${slug}`;

export function loadEdition(db: Database, slug: string): Promise<Edition | null> {
  return cached(editionKey(slug), EDITION_TTL_MS, async () => {
    const edition = await findEdition(db, slug);
    rememberEdition(slug, edition);
    return edition;
  });
}

/** The edition if it is loaded (null: there is none), undefined when it would have to be loaded. */
export function loadedEdition(slug: string): Edition | null | undefined {
  return peekCached<Edition | null>(editionKey(slug));
}

/**
 * The edition, or, while the database cannot be reached, the edition as this process last read
 * it (`fromMemory`, docs/decisions/0024). Throws what loadEdition throws for any other failure,
 * or when this process never read that slug.
 */
export async function loadEditionOrLastRead(db: Database, slug: string): Promise<{ edition: Edition | null; fromMemory: boolean }> {
  try {
    return { edition: await loadEdition(db, slug), fromMemory: false };
  } catch (error) {
    const known = isDatabaseUnreachable(error) ? lastReadEdition(slug) : null;
    if (!known) throw error;
    return { edition: known, fromMemory: true };
  }
}
