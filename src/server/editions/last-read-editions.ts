/**
 * Each edition as this process last read it, kept for as long as the process runs (the last read
 * of each slug wins; a slug found gone is forgotten), so public pages can still be shown while the
 * database cannot be reached (docs/decisions/0024). The process reads every edition once when its
 * database opens (src/server/db/index.ts), so even a page nobody asked for yet has its edition.
 */
import type { Edition } from '../../domain/edition.ts';
import type { Database } from '../db/client.ts';
import { log } from '../log.ts';
import { listEditions } from './edition-queries.ts';

/** Editions are a handful; the bound only keeps a runaway installation from growing this without end. */
const MAX_REMEMBERED = 500;

const lastRead = new Map<string, Edition>();

/** Remembers what a read of `slug` found (null: there is no such edition any more). */
export function rememberEdition(slug: string, edition: Edition | null): void {
  lastRead.delete(slug);
  if (!edition) return;
  lastRead.set(slug, edition);
  if (lastRead.size > MAX_REMEMBERED) lastRead.delete(lastRead.keys().next().value as string);
}

export function lastReadEdition(slug: string): Edition | null {
  return lastRead.get(slug) ?? null;
}

/** Reads every edition once; a failure only means less to show during an outage. */
export async function readAllEditionsAhead(db: Database): Promise<void> {
  try {
    for (const edition of await listEditions(db)) rememberEdition(edition.slug, edition);
  } catch (error) {
    log.warn({ err: error }, 'the editions could not be read ahead');
  }
}
