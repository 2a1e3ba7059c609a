/**
 * Rate limits shared by every app process: rate-limiter-flexible's Drizzle store keeps one
 * counter row per (limiter, key, slice of the clock) in the rate_limits table, and counts with a
 * single INSERT … ON CONFLICT statement, so N processes on one Postgres together allow the limit
 * once. On PGlite (one process per data folder) the same table serves the one process.
 * docs/decisions/0017-shared-rate-limits.md says why this library and this store.
 *
 * The library counts fixed windows, which let twice the limit through across a window's end; a
 * limit here holds in any window-length span (docs/decisions/0075): the attempt is counted in its
 * slice's row, the slices before it are read in one statement, and an attempt over the limit is
 * given back and refused until enough of the oldest slices have left the span
 * (src/domain/sliding-window.ts). A refusal is also written as a block row, so every process
 * refuses the key until then, and this process refuses it from memory without asking again.
 */
import { and, gt, inArray } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { countedSlices, sliceMs, sliceOf, waitForRoom, type SlicedWindow } from '../../domain/sliding-window.ts';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

/** remaining: attempts left in this window (the API answers it as RateLimit-Remaining). */
export type Verdict = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one attempt (or `points`); refused attempts are not counted and say when to try again. */
  take(key: string, points?: number): Promise<Verdict>;
  /** Forgets the key's count (e.g. after a successful sign-in). */
  forget(key: string): Promise<void>;
  /** Seconds until the key may try again when an attempt of it was refused and the refusal still holds, else null; counts nothing. */
  refusedFor(key: string): Promise<number | null>;
}

export interface RateLimitOptions {
  /** Distinguishes this limiter's rows from the others' in the shared table. */
  name: string;
  /** Attempts allowed in any span of windowSeconds. */
  limit: number;
  windowSeconds: number;
  /** Once over the limit, refuse for at least this long (default: until there is room again). */
  blockSeconds?: number;
}

const BLOCKED = 'blocked';
const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
/** Keys refused from memory at most: a flood of new keys never grows it without bound. */
const MEMORY_KEYS = 10_000;

export function createRateLimiter(db: Database, options: RateLimitOptions): RateLimiter {
  const window: SlicedWindow = { windowMs: options.windowSeconds * 1000, limit: options.limit };
  const store = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: options.name,
    points: options.limit,
    // A slice's row lives as long as a window can still reach it.
    duration: (window.windowMs + sliceMs(window)) / 1000,
  });
  const sliceKey = (key: string, slice: number) => `${key}@${slice}`;
  const refusedUntil = new Map<string, number>();

  /** The slices' counts (oldest first) and the end of a block in force, read in one statement. */
  async function read(key: string, slices: number[], nowMs: number) {
    const keys = [...slices.map((slice) => store.getKey(sliceKey(key, slice))), store.getKey(`${key}@${BLOCKED}`)];
    const rows = await db
      .select()
      .from(rateLimits)
      .where(and(inArray(rateLimits.key, keys), gt(rateLimits.expire, new Date(nowMs))));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const blockedUntil = byKey.get(keys.at(-1)!)?.expire?.getTime() ?? null;
    return { counts: keys.slice(0, -1).map((rlKey) => byKey.get(rlKey)?.points ?? 0), blockedUntil };
  }

  async function refuse(key: string, untilMs: number, nowMs: number): Promise<Verdict> {
    // The store dates the row from its own clock, read as it writes: the time left from now.
    await store.block(`${key}@${BLOCKED}`, Math.max(1, untilMs - Date.now()) / 1000);
    if (refusedUntil.size >= MEMORY_KEYS) refusedUntil.clear();
    refusedUntil.set(key, untilMs);
    return { allowed: false, retryAfterSeconds: toSeconds(untilMs - nowMs) };
  }

  return {
    async take(key, points = 1) {
      const nowMs = Date.now();
      const remembered = refusedUntil.get(key);
      if (remembered !== undefined && remembered > nowMs) return { allowed: false, retryAfterSeconds: toSeconds(remembered - nowMs) };
      const slice = sliceOf(window, nowMs);
      // Counted first, in one atomic statement: concurrent attempts each see the others before them.
      const counted = await store.consume(sliceKey(key, slice), points).catch((refusal: unknown) => {
        // The library rejects with a RateLimiterRes when the slice alone is over, an Error when the store fails.
        if (refusal instanceof RateLimiterRes) return refusal;
        throw refusal;
      });
      const { counts, blockedUntil: written } = await read(key, countedSlices(slice).slice(0, -1), nowMs);
      // Only a limiter that blocks (blockSeconds) obeys another refusal's block row: otherwise the
      // counts decide alone, so attempts in flight beside a refused one are not refused with it.
      const blockedUntil = options.blockSeconds ? written : null;
      const total = counts.reduce((sum, count) => sum + count, 0) + counted.consumedPoints;
      if (blockedUntil === null && total <= options.limit) return { allowed: true, remaining: options.limit - total };
      // Refused attempts are given back: a client that waits as told is let in when told.
      await store.reward(sliceKey(key, slice), points);
      const roomAt = nowMs + waitForRoom(window, { nowMs, counts: [...counts, counted.consumedPoints - points], points });
      const until = Math.max(roomAt, blockedUntil ?? 0, options.blockSeconds ? nowMs + options.blockSeconds * 1000 : 0);
      return refuse(key, until, nowMs);
    },
    async forget(key) {
      refusedUntil.delete(key);
      const slices = countedSlices(sliceOf(window, Date.now()));
      await db.delete(rateLimits).where(
        inArray(
          rateLimits.key,
          [...slices, BLOCKED].map((slice) => store.getKey(`${key}@${slice}`)),
        ),
      );
    },
    async refusedFor(key) {
      const nowMs = Date.now();
      const { blockedUntil } = await read(key, [], nowMs);
      return blockedUntil === null ? null : toSeconds(blockedUntil - nowMs);
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
