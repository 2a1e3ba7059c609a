/**
 * The edition the home page shows: `/`, `/register`, `/thank-you`, the unprefixed legacy pages
 * (`/day-1`, `/dashboard`, `/speakers-embed`, ...) and the content API without `summit` follow it
 * (decision 0031). One row of `home_edition` names it; with no row (a database with no editions
 * yet) it is the demo's default, july.
 *
 * Read like an edition (read-edition.ts): from the content cache, which every content change
 * empties in every process (choosing another edition is one, through writeContent), with the slug
 * this process last read kept for an outage (decision 0024), and peeked without waiting by the
 * routes answered before Astro.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_SUMMIT } from '../../domain/summit-path.ts';
import { writeContent, unchanged, type WriteOutcome } from '../audit/content-write.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { cached, peekCached } from '../caching/content-cache.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { getDatabase } from '../db/index.ts';
import { editions, homeEdition } from '../db/schema.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';

const CACHE_KEY = 'home-edition-slug';
const TTL_MS = 30_000;

/** The slug this process last read, for pages built while the database cannot be reached. */
let lastRead: string | null = null;

/** The home page's edition as the database holds it now (no cache), or null when none is chosen. */
export async function findHomeEdition(db: Pick<Database, 'select'>): Promise<{ id: number; slug: string; name: string } | null> {
  const [row] = await db
    .select({ id: editions.id, slug: editions.slug, name: editions.name })
    .from(homeEdition)
    .innerJoin(editions, eq(editions.id, homeEdition.editionId))
    .limit(1);
  return row ?? null;
}

/** The home page's edition slug (cached; while the database cannot be reached, the last one read). */
export async function readHomeEditionSlug(db: Database): Promise<string> {
  try {
    const slug = await cached(CACHE_KEY, TTL_MS, async () => (await findHomeEdition(db))?.slug ?? DEFAULT_SUMMIT);
    lastRead = slug;
    return slug;
  } catch (error) {
    if (isDatabaseUnreachable(error) && lastRead) return lastRead;
    throw error;
  }
}

/** The page's own edition when its path names one, else the home page's (for the unprefixed pages). */
export async function editionSlugOrHome(slug: string | undefined): Promise<string> {
  if (slug !== undefined) return slug;
  return readHomeEditionSlug((await getDatabase()).db);
}

/** For the routes answered before Astro, which never wait: the slug when it is loaded, else undefined. */
export function homeEditionSlugIfLoaded(): string | undefined {
  return peekCached<string>(CACHE_KEY);
}

/** The slug as this process last read it, or the demo's default (for answers that cannot wait on the database). */
export function lastKnownHomeEditionSlug(): string {
  return lastRead ?? DEFAULT_SUMMIT;
}

/** Makes the edition the home page's when none is chosen yet (the first edition of an installation without the demo). */
export async function chooseHomeEditionIfNone(db: Database, editionId: number): Promise<void> {
  await db.insert(homeEdition).values({ editionId }).onConflictDoNothing();
}

export type ShowOnHomeResult = { ok: true; message: string } | { ok: false; status: 404; message: string };

/** Shows the edition on the home page in place of the one shown now; every process follows at once. */
export async function showOnHomePage({
  handle,
  admin,
  slug,
}: {
  handle: DbHandle;
  admin: AdminUser;
  slug: string;
}): Promise<ShowOnHomeResult> {
  return writeContent(handle, admin, async (tx): Promise<WriteOutcome<ShowOnHomeResult>> => {
    // Locked, so a deletion of the same edition waits for this and then sees it is the home page's.
    const [edition] = await tx.select({ id: editions.id, name: editions.name }).from(editions).where(eq(editions.slug, slug)).for('share');
    if (!edition) return unchanged({ ok: false, status: 404, message: 'This edition no longer exists.' });
    const before = await findHomeEdition(tx);
    const message = `The home page now shows ${edition.name} (${slug}).`;
    if (before?.id === edition.id) return unchanged({ ok: true, message });
    await tx
      .insert(homeEdition)
      .values({ editionId: edition.id })
      .onConflictDoUpdate({ target: homeEdition.only, set: { editionId: edition.id, updatedAt: new Date() } });
    return {
      result: { ok: true, message },
      audit: {
        action: 'update',
        entityType: 'editions',
        entityId: edition.id,
        summary: `Showed ${edition.name} (${slug}) on the home page${before ? ` instead of ${before.name} (${before.slug})` : ''}`,
        details: { slug, before: before?.slug ?? null },
      },
    };
  });
}
