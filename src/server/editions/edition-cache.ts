/** Editions as pages read them: cached briefly, since every page needs one. */
import type { Edition } from '../../domain/edition.ts';
import { cached } from '../content-cache/content-cache.ts';
import type { Database } from '../db/client.ts';
import { findEdition } from './edition-queries.ts';

const EDITION_TTL_MS = 30_000;

export function loadEdition(db: Database, slug: string): Promise<Edition | null> {
  return cached(`edition:${slug}`, EDITION_TTL_MS, () => findEdition(db, slug));
}
