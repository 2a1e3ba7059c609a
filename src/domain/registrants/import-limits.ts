/**
 * The bounds of one registrant import (docs/decisions/0062): a file larger or longer is refused
 * whole, with a message saying to split it, before anything is written. 100,000 rows fit easily in
 * 32 MB (a row is about 60 bytes); a 1,000,000-row file is refused.
 */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;
/**
 * Rows matched and written together, a slice (docs/decisions/0076): one query to match them, one
 * insert for the new ones, committed in a transaction of their own. Small enough that a slice holds
 * the embedded database's one connection for tens of milliseconds, so requests are served between slices.
 */
export const IMPORT_SLICE_ROWS = 250;
/**
 * How long an import's slice should hold the database: the next slice's rows are scaled to it from
 * the last slice's time, between the bounds, so a slow disk or a busy machine gets smaller slices.
 */
export const IMPORT_SLICE_TARGET_MS = 20;
export const IMPORT_SLICE_ROWS_BOUNDS = { min: 25, max: 1000 } as const;

/** The next slice's rows, from the last one's rows and time (pure, so a test can pin it). */
export function nextSliceRows(rows: number, elapsedMs: number): number {
  const scaled = Math.round((rows * IMPORT_SLICE_TARGET_MS) / Math.max(elapsedMs, 1));
  // At most double at once: one quick slice (the cache was warm) does not make the next one huge.
  return Math.min(IMPORT_SLICE_ROWS_BOUNDS.max, Math.max(IMPORT_SLICE_ROWS_BOUNDS.min, Math.min(scaled, rows * 2)));
}
/** An import of at most this many rows is answered when it is done; a longer one answers at once with where to follow it. */
export const IMPORT_ANSWER_AT_ONCE_ROWS = 1000;
/** A running import whose slices have been silent this long was stopped (its process died): another may start. */
export const IMPORT_STALE_SECONDS = 60;
/** The report lists the first rows of every kind, then only the refused ones, up to this many in all. */
export const IMPORT_REPORT_ROWS = 1000;
export const IMPORT_REPORT_FIRST_ROWS = 200;
/** The longest row read: a longer one is a file of another kind, refused whole. */
export const MAX_IMPORT_ROW_BYTES = 64 * 1024;
