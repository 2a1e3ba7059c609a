/**
 * A rate limit that holds in any window-length span (docs/decisions/0075), counted in slices: the
 * window is cut into SLICES equal slices of the clock, and an attempt is allowed only while the
 * attempts of its own slice and of the SLICES before it (the whole span any window ending now can
 * touch) stay within the limit. Counting the oldest slice whole is what makes it hold exactly: an
 * attempt may wait up to one slice longer than a log of every attempt would make it, never less.
 */

/** Slices per window: a wait at most a tenth of the window longer than the exact one. */
export const SLICES = 10;

export interface SlicedWindow {
  windowMs: number;
  limit: number;
}

export const sliceMs = (window: SlicedWindow) => window.windowMs / SLICES;

/** The slice of the clock an instant falls in. */
export const sliceOf = (window: SlicedWindow, nowMs: number) => Math.floor(nowMs / sliceMs(window));

/** The slices counted with an attempt in `slice`, oldest first: the SLICES before it, then its own. */
export function countedSlices(slice: number): number[] {
  return Array.from({ length: SLICES + 1 }, (_, index) => slice - SLICES + index);
}

/**
 * Milliseconds from `nowMs` until `points` more fit: the oldest slices leave the span one by one
 * until what remains, with them, is within the limit. `counts`: the attempts of countedSlices, oldest first.
 */
export function waitForRoom(window: SlicedWindow, { nowMs, counts, points }: { nowMs: number; counts: number[]; points: number }): number {
  const slice = sliceOf(window, nowMs);
  let remaining = counts.reduce((sum, count) => sum + count, 0);
  for (let leaving = 0; leaving < counts.length; leaving++) {
    remaining -= counts[leaving] ?? 0;
    if (remaining + points <= window.limit) return (slice + leaving + 1) * sliceMs(window) - nowMs;
  }
  return (slice + counts.length) * sliceMs(window) - nowMs;
}
