/**
 * Whether an error is the database refusing a row because another row already holds its value
 * in a unique index (SQLSTATE 23505 unique_violation), named: two requests that each found a
 * value free and then both wrote it. The later one's transaction rolls back whole, and its
 * caller answers as if it had found the value taken. Drizzle wraps the driver's error (node-postgres
 * and PGlite alike carry `code` and `constraint`) as the `cause` of its own; that is looked through.
 */
const UNIQUE_VIOLATION = '23505';

export function violatesUniqueIndex(error: unknown, index: string, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code === UNIQUE_VIOLATION && constraint === index) return true;
  return violatesUniqueIndex((error as { cause?: unknown }).cause, index, depth + 1);
}

/** The unique index on editions.slug (drizzle/0000_init.sql). */
export const EDITION_SLUG_INDEX = 'editions_slug_key';
