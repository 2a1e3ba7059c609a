/**
 * A small in-process cache for rendered content. Entries expire after their time-to-live (the
 * spec's freshness windows, so several app processes never disagree for longer than that) and
 * all of them are dropped at once when content changes in this process (invalidateContent).
 * A load that fails is not kept, so the next request tries again.
 */
import { clearPageCache } from './http/page-cache.ts';

export interface Entry {
  expiresAt: number;
  value: Promise<unknown>;
}

declare global {
  var __summitCache: Map<string, Entry> | undefined;
}

// On globalThis: the boot script (which listens for changes from other processes) and the
// bundled pages are two module instances of this file, and must share one cache.
const entries = (globalThis.__summitCache ??= new Map<string, Entry>());

export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
  const value = load();
  const entry = { expiresAt: now + ttlMs, value };
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/** Called after any content write: the next read of every cached key loads afresh, and every page kept whole in memory (src/server/http/page-cache.ts) renders again. */
export function invalidateContent(): void {
  entries.clear();
  clearPageCache();
}
