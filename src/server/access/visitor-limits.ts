/**
 * Visitor-session rows cost a database write each, and anyone can make them (a day page opened
 * without a cookie, an RPC upsert). Two things keep them bounded:
 * - per client address, at most VISITOR_ROWS_PER_MINUTE new rows a minute (shared rate limit);
 *   past it, a page is still served, counting its window from now, but nothing is recorded;
 * - rows whose window has long closed are deleted by the housekeeping sweep.
 */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { timerConfigs, userSessions } from '../db/schema.ts';
import { rateLimiter } from '../rate-limits/rate-limit.ts';
import { log } from '../log.ts';

export const VISITOR_ROWS_PER_MINUTE = 60;
/** A row is kept this long after the longest window (of any edition's timer) has closed. */
const KEEP_AFTER_WINDOW_MS = 30 * 86_400_000;
/** Evergreen windows may last a year (the timer schema's maximum): the bound when none is set. */
const LONGEST_POSSIBLE_WINDOW_S = 366 * 86_400;

export const visitorRowLimiter = (db: Database) =>
  rateLimiter(db, { name: 'visitor-rows', limit: VISITOR_ROWS_PER_MINUTE, windowSeconds: 60 });

/**
 * Deletes rows that can no longer matter: first visits older than the longest evergreen window
 * configured (live windows use fixed dates, not first visits) plus 30 days.
 */
export async function sweepClosedVisitorRows(db: Database, now = new Date()): Promise<number> {
  const [longest] = await db
    .select({ seconds: sql<string | null>`max((${timerConfigs.config}->>'durationSeconds')::bigint)` })
    .from(timerConfigs);
  const windowSeconds = Number(longest?.seconds ?? LONGEST_POSSIBLE_WINDOW_S);
  const cutoff = new Date(now.getTime() - windowSeconds * 1000 - KEEP_AFTER_WINDOW_MS);
  const removed = await db
    .delete(userSessions)
    .where(lt(userSessions.firstVisitTimestamp, cutoff))
    .returning({ id: userSessions.sessionId });
  if (removed.length > 0) log.info({ removed: removed.length }, 'closed visitor sessions removed');
  return removed.length;
}
