/**
 * The one way to read an edition: `readEdition(db, slugOrId, options)`.
 * - By default from the content cache (30 s, emptied in every process on any content change),
 *   since every page needs one.
 * - `{ fresh: true }` reads the database itself (admin screens, and checks inside a transaction).
 * - `{ lastReadFallback: true }` answers, while the database cannot be reached, the edition as
 *   this process last read it, and says so (`fromMemory`, decision 0024). The process reads every
 *   edition ahead when its database opens (readEditionsAhead), so even a page nobody asked for
 *   yet has one.
 * `readEditionIfLoaded` is the same cached read for the routes answered before Astro, which never
 * wait: the edition, null when there is none, undefined when it would have to be loaded.
 */
import { eq } from 'drizzle-orm';
import { editionSlugSchema, type Edition } from '../../domain/edition.ts';
import { boundedCache, bytesOf } from '../caching/bounded-cache.ts';
import { cached, peekCached } from '../caching/content-cache.ts';
import type { Database } from '../db/client.ts';
import { editions } from '../db/schema.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { log } from '../log.ts';
import { listEditions } from './edition-queries.ts';
import { readHomeEditionSlug } from './home-edition.ts';
import { settingsOfRow } from './stored-settings.ts';

/** An edition by its slug, or by its id. */
export type EditionRef = string | { id: number };

export interface EditionRead {
  edition: Edition | null;
  /** The database could not be reached: this is the edition as this process last read it. */
  fromMemory: boolean;
}

const EDITION_TTL_MS = 30_000;

const cacheKey = (ref: EditionRef) => (typeof ref === 'string' ? `edition:${ref}` : `edition-id:${ref.id}`);

async function findEdition(db: Database, ref: EditionRef): Promise<Edition | null> {
  if (typeof ref === 'string' && !editionSlugSchema.safeParse(ref).success) return null;
  const where = typeof ref === 'string' ? eq(editions.slug, ref) : eq(editions.id, ref.id);
  const [row] = await db.select().from(editions).where(where).limit(1);
  if (!row) return null;
  const { createdAt: _c, updatedAt: _u, ...edition } = row;
  return { ...edition, settings: settingsOfRow(row) };
}

export function readEdition(db: Database, ref: EditionRef, options: { lastReadFallback: true }): Promise<EditionRead>;
export function readEdition(db: Database, ref: EditionRef, options?: { fresh?: boolean }): Promise<Edition | null>;
export async function readEdition(
  db: Database,
  ref: EditionRef,
  options: { fresh?: boolean; lastReadFallback?: boolean } = {},
): Promise<Edition | null | EditionRead> {
  if (!options.lastReadFallback) return options.fresh ? findEdition(db, ref) : cachedEdition(db, ref);
  try {
    return { edition: await cachedEdition(db, ref), fromMemory: false };
  } catch (error) {
    const known = isDatabaseUnreachable(error) && typeof ref === 'string' ? (lastRead.get(ref) ?? null) : null;
    if (!known) throw error;
    return { edition: known, fromMemory: true };
  }
}

function cachedEdition(db: Database, ref: EditionRef): Promise<Edition | null> {
  return cached(cacheKey(ref), EDITION_TTL_MS, async () => {
    const edition = await findEdition(db, ref);
    if (typeof ref === 'string') rememberEdition(ref, edition);
    return edition;
  });
}

export function readEditionIfLoaded(ref: EditionRef): Edition | null | undefined {
  return peekCached<Edition | null>(cacheKey(ref));
}

/**
 * Each edition as this process last read it (a slug found gone is forgotten), kept without a time
 * limit: editions are a handful, and the bounds only keep a runaway installation from growing it.
 */
const lastRead = boundedCache<Edition>({ name: 'last-read editions', maxEntries: 500, maxBytes: 8 * 1024 * 1024, sizeOf: bytesOf.json });

function rememberEdition(slug: string, edition: Edition | null): void {
  if (edition) lastRead.set(slug, edition);
  else lastRead.delete(slug);
}

/**
 * Reads every edition once, and which one the home page shows (when the database opens); a
 * failure only means less to show during an outage.
 */
export async function readEditionsAhead(db: Database): Promise<void> {
  try {
    for (const edition of await listEditions(db)) rememberEdition(edition.slug, edition);
    await readHomeEditionSlug(db);
  } catch (error) {
    log.warn({ err: error }, 'the editions could not be read ahead');
  }
}
