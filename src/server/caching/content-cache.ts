/**
 * The in-process caches, all made by boundedCache() (bounded-cache.ts: entries and bytes):
 * - `cached()`: loaded content (editions, blocks, timers, API bodies) for its time-to-live (the
 *   spec's freshness windows, so several app processes never disagree for longer than that);
 * - the route cache of whole public pages (src/server/caching/route-cache.ts);
 * - memo tables other modules register (first visits, page shells), through onContentChange.
 * invalidateContent() empties all of them at once; change-announcement.ts calls it on every content
 * change, in this process and, through Postgres NOTIFY, in every other one.
 * A load that fails is not kept, so the next request tries again.
 */
import { boundedCache, bytesOf } from './bounded-cache.ts';
import { invalidateRouteCache } from './route-cache.ts';
import { CONTENT_TAG } from '../http/responses.ts';

const MAX_ENTRIES = 5000;
const MAX_BYTES = 32 * 1024 * 1024;

type Load = () => Promise<unknown>;

const entries = boundedCache<{ value: unknown }, Load>({
  name: 'content',
  maxEntries: MAX_ENTRIES,
  maxBytes: MAX_BYTES,
  sizeOf: (entry) => bytesOf.json(entry.value),
  // Several requests for one missing key share one load.
  fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
});

export async function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const entry = await entries.fetch(key, { ttl: ttlMs, context: load });
  return entry!.value as T;
}

/**
 * The value `cached(key, ...)` holds now, if it is loaded and fresh; undefined otherwise (never
 * loads). For the personal pages' fast path (src/server/page-loaders/cached-personal-page-route.ts), which
 * answers without waiting and leaves any load to the page that renders.
 */
export function peekCached<T>(key: string): T | undefined {
  return entries.get(key)?.value as T | undefined;
}

const contentListeners = new Set<() => void>();
let version = 0;

/** The content version: it changes on every content change, so keys that include it start afresh. */
export function contentVersion(): number {
  return version;
}

/** Runs `clear` on every content change (for memo tables kept outside `cached`). */
export function onContentChange(clear: () => void): void {
  contentListeners.add(clear);
}

/** Called after any content write: every cached key loads afresh and every cached page renders again. */
export function invalidateContent(): void {
  version += 1;
  entries.clear();
  invalidateRouteCache({ tags: [CONTENT_TAG] });
  for (const clear of contentListeners) clear();
}
