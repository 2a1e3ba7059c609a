/**
 * Whether a visitor may see a timed page now. Records the visit (keeping the first one), then
 * applies the page's timer. A closed window is redirected by the caller before rendering, so
 * no script, storage or disabled JavaScript can extend access.
 */
import { and, eq } from 'drizzle-orm';
import { pageTypeFor, type Edition, type TimedPage, type TimerConfig } from '../../domain/edition.ts';
import { computeTimer, resolveRedirect, type PageAccess } from '../../domain/timer.ts';
import { cached } from '../cache.ts';
import type { Database } from '../db/client.ts';
import { timerConfigs } from '../db/schema.ts';
import { log } from '../log.ts';
import { upsertUserSession } from './user-sessions.ts';

const TIMER_TTL_MS = 30_000;

/**
 * First visits already recorded, by session and page type. A recorded first visit never changes,
 * so a returning visitor's page needs no database write. Bounded; the oldest entries go first.
 */
const recordedFirstVisits = new Map<string, Date>();
const MAX_RECORDED = 100_000;

async function firstVisitOf(db: Database, sessionId: string, pageType: string, now: Date): Promise<Date> {
  const key = `${sessionId} ${pageType}`;
  const known = recordedFirstVisits.get(key);
  if (known) return known;
  const row = await upsertUserSession(db, sessionId, pageType, now);
  const firstVisit = new Date(row.first_visit_timestamp);
  if (recordedFirstVisits.size >= MAX_RECORDED) recordedFirstVisits.delete(recordedFirstVisits.keys().next().value as string);
  recordedFirstVisits.set(key, firstVisit);
  return firstVisit;
}

export function loadTimerConfig(db: Database, editionId: number, page: TimedPage): Promise<TimerConfig | null> {
  return cached(`timer:${editionId}:${page}`, TIMER_TTL_MS, async () => {
    const [row] = await db
      .select({ config: timerConfigs.config })
      .from(timerConfigs)
      .where(and(eq(timerConfigs.editionId, editionId), eq(timerConfigs.page, page)))
      .limit(1);
    return row?.config ?? null;
  });
}

export async function checkPageAccess(
  db: Database,
  request: { edition: Edition; page: TimedPage; sessionId: string; now: Date; pageUrl: URL },
): Promise<PageAccess> {
  const { edition, page, sessionId, now, pageUrl } = request;
  let config: TimerConfig | null;
  try {
    config = await loadTimerConfig(db, edition.id, page);
  } catch (error) {
    log.error({ err: error, page }, 'timer config could not be loaded');
    return { kind: 'session-error', redirectTo: null };
  }
  if (!config) return { kind: 'untimed' };
  const redirectTo = resolveRedirect(config.redirectUrl, pageUrl);

  let firstVisit: Date;
  try {
    firstVisit = await firstVisitOf(db, sessionId, pageTypeFor(edition.slug, page), now);
  } catch (error) {
    log.error({ err: error, page }, 'visit could not be recorded');
    return { kind: 'session-error', redirectTo };
  }
  const timer = computeTimer(config, firstVisit, now);
  return timer.status === 'counting' ? { kind: 'open', timer, redirectTo } : { kind: 'closed', redirectTo };
}
