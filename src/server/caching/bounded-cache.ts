/**
 * The one way this process keeps anything in memory: an LRU (`lru-cache`) bounded both in entries
 * and in bytes, with the bytes of each entry counted by a function that sees what is really held
 * (text and buffers by their length, other values by the JSON they would make). Each cache is
 * registered by name, so `cacheSizes()` reports every cache's entries and bytes.
 */
import { LRUCache } from 'lru-cache';

/** What lru-cache can hold: any value but null and undefined. */
type Cacheable = NonNullable<unknown>;

export interface BoundedCacheOptions<V extends Cacheable, FC> {
  /** Reported by cacheSizes(). */
  name: string;
  maxEntries: number;
  maxBytes: number;
  /** The bytes an entry holds (its key is counted as well). */
  sizeOf: (value: V) => number;
  /** Time to live, when entries go out of date by themselves. */
  ttlMs?: number;
  /** Loads a missing key; several requests for one key share one load (LRUCache.fetch). */
  fetchMethod?: LRUCache.Fetcher<string, V, FC>;
}

const caches = new Map<string, LRUCache<string, Cacheable, unknown>>();

export function boundedCache<V extends Cacheable, FC = unknown>(options: BoundedCacheOptions<V, FC>): LRUCache<string, V, FC> {
  const cache = new LRUCache<string, V, FC>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    // Never 0: lru-cache refuses an entry of size 0.
    sizeCalculation: (value, key) => Math.max(1, options.sizeOf(value) + key.length),
    ...(options.ttlMs === undefined ? {} : { ttl: options.ttlMs }),
    ...(options.fetchMethod ? { fetchMethod: options.fetchMethod } : {}),
  });
  caches.set(options.name, cache as unknown as LRUCache<string, Cacheable, unknown>);
  return cache;
}

/** Every cache of this process: its entries and the bytes they hold. */
export function cacheSizes(): { name: string; entries: number; bytes: number }[] {
  return [...caches].map(([name, cache]) => ({ name, entries: cache.size, bytes: cache.calculatedSize }));
}

/** What sizes an entry in bytes. */
export const bytesOf = {
  /** A string, by its length (what it takes as Latin-1 or ASCII text: pages and XML). */
  text: (value: string): number => value.length,
  buffers: (...parts: readonly { length: number }[]): number => parts.reduce((sum, part) => sum + part.length, 0),
  /** Any other value: the JSON it would make, as text; values JSON cannot hold count 1 KB. */
  json: (value: unknown): number => {
    if (typeof value === 'string') return bytesOf.text(value);
    if (value === null || value === undefined) return 16;
    try {
      return bytesOf.text(JSON.stringify(value) ?? '') + 16;
    } catch {
      return 1024;
    }
  },
};
