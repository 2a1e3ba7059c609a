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
/** An import of at most this many rows is answered when it is done; a longer one answers at once with where to follow it. */
export const IMPORT_ANSWER_AT_ONCE_ROWS = 1000;
/** A running import whose slices have been silent this long was stopped (its process died): another may start. */
export const IMPORT_STALE_SECONDS = 60;
/** The report lists the first rows of every kind, then only the refused ones, up to this many in all. */
export const IMPORT_REPORT_ROWS = 1000;
export const IMPORT_REPORT_FIRST_ROWS = 200;
/** The longest row read: a longer one is a file of another kind, refused whole. */
export const MAX_IMPORT_ROW_BYTES = 64 * 1024;
