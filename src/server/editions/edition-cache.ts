/** Editions as pages read them: cached briefly, since every page needs one. */
import type { Edition } from '../../domain/edition.ts';
import { cached, peekCached } from '../content-cache/content-cache.ts';
import type { Database } from '../db/client.ts';
import { findEdition } from './edition-queries.ts';

const EDITION_TTL_MS = 30_000;

const editionKey = (slug: string) => `edition:${slug}`;

export function loadEdition(db: Database, slug: string): Promise<Edition | null> {
  return cached(editionKey(slug), EDITION_TTL_MS, () => findEdition(db, slug));
}

/** The edition if it is loaded (null: there is none), undefined when it would have to be loaded. */
export function loadedEdition(slug: string): Edition | null | undefined {
  return peekCached<Edition | null>(editionKey(slug));
}
