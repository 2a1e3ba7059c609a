/**
 * Rate limits shared by every app process: rate-limiter-flexible's Drizzle store keeps one
 * counter row per (limiter, key) in the rate_limits table, and counts with a single
 * INSERT … ON CONFLICT statement, so N processes on one Postgres together allow the limit once.
 * On PGlite (one process per data folder) the same table serves the one process.
 * docs/decisions/0017-shared-rate-limits.md says why this library and this store.
 */
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

/** remaining: attempts left in this window (the API answers it as RateLimit-Remaining). */
export type Verdict = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one attempt (or `points`); refused attempts say when to try again. */
  take(key: string, points?: number): Promise<Verdict>;
  /** Forgets the key's count (e.g. after a successful sign-in). */
  forget(key: string): Promise<void>;
  /** Seconds until the key may try again when it is over its limit now, else null; counts nothing. */
  refusedFor(key: string): Promise<number | null>;
}

export interface RateLimitOptions {
  /** Distinguishes this limiter's rows from the others' in the shared table. */
  name: string;
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
  /** Once over the limit, refuse for this long (default: the rest of the window). */
  blockSeconds?: number;
}

export function createRateLimiter(db: Database, options: RateLimitOptions): RateLimiter {
  const store = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: options.name,
    points: options.limit,
    duration: options.windowSeconds,
    blockDuration: options.blockSeconds ?? 0,
    // A key over its limit is refused from this process's memory until its window (or block)
    // ends, without asking the database again: a client hammering past a limit (new visitor
    // sessions from one address, sign-in attempts) costs no write per request. Other processes
    // learn it from the database on their own first refused attempt.
    inMemoryBlockOnConsumed: options.limit + 1,
    ...(options.blockSeconds ? { inMemoryBlockDuration: options.blockSeconds } : {}),
  });
  return {
    async take(key, points = 1) {
      try {
        const counted = await store.consume(key, points);
        return { allowed: true, remaining: Math.max(0, counted.remainingPoints) };
      } catch (refusal) {
        // The library rejects with a RateLimiterRes when over the limit, an Error when the store fails.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
    async forget(key) {
      await store.delete(key);
    },
    async refusedFor(key) {
      const counted = await store.get(key);
      if (!counted || counted.consumedPoints <= options.limit || counted.msBeforeNext <= 0) return null;
      return Math.max(1, Math.ceil(counted.msBeforeNext / 1000));
    },
  };
}

const limiters = new WeakMap<Database, Map<string, RateLimiter>>();

/**
 * The limiter named options.name on this database, made once (its settings are read then, so
 * limits from the environment apply; its counters live in the database either way).
 */
export function rateLimiter(db: Database, options: RateLimitOptions): RateLimiter {
  let byName = limiters.get(db);
  if (!byName) limiters.set(db, (byName = new Map()));
  let limiter = byName.get(options.name);
  if (!limiter) byName.set(options.name, (limiter = createRateLimiter(db, options)));
  return limiter;
}
