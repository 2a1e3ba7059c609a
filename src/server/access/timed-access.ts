/**
 * Whether a visitor may see a timed page now. Records the visit (keeping the first one), then
 * applies the page's timer. A closed window is redirected by the caller before rendering, so
 * no script, storage or disabled JavaScript can extend access.
 */
import { and, eq } from 'drizzle-orm';
import { pageTypeFor, type Edition, type TimedPage, type TimerConfig } from '../../domain/edition.ts';
import { computeTimer, resolveRedirect, type PageAccess } from '../../domain/timer.ts';
import { LRUCache } from 'lru-cache';
import { cached, onContentChange } from '../content-cache/content-cache.ts';
import type { Database } from '../db/client.ts';
import { timerConfigs } from '../db/schema.ts';
import { log } from '../log.ts';
import { upsertUserSession } from './user-sessions.ts';

const TIMER_TTL_MS = 30_000;

/**
 * First visits already recorded, by session and page type. A recorded first visit changes only
 * when an admin resets an edition's windows (a content change, announced to every process), so a
 * returning visitor's page touches no database. Bounded in entries and bytes; least recent go first.
 */
const recordedFirstVisits = new LRUCache<string, Date>({ max: 100_000, maxSize: 16 * 1024 * 1024, sizeCalculation: (_date, key) => key.length + 64 });
onContentChange(() => recordedFirstVisits.clear());

/** The first visit this process already recorded, without touching the database. */
export function knownFirstVisit(sessionId: string, pageType: string): Date | undefined {
  return recordedFirstVisits.get(`${sessionId} ${pageType}`);
}

/** A first visit writes one row; a returning visitor this process knows touches no database. */
async function firstVisitOf(db: Database, sessionId: string, pageType: string, now: Date): Promise<Date> {
  const known = knownFirstVisit(sessionId, pageType);
  if (known) return known;
  const row = await upsertUserSession(db, sessionId, pageType, now);
  const firstVisit = new Date(row.first_visit_timestamp);
  recordedFirstVisits.set(`${sessionId} ${pageType}`, firstVisit);
  return firstVisit;
}

/** The access a first visit gives now under a timer config (pure apart from the caller's inputs). */
export function accessFrom(config: TimerConfig, firstVisit: Date, now: Date, pageUrl: URL): PageAccess {
  const redirectTo = resolveRedirect(config.redirectUrl, pageUrl);
  const timer = computeTimer(config, firstVisit, now);
  return timer.status === 'counting' ? { kind: 'open', timer, redirectTo } : { kind: 'closed', redirectTo };
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
  /** sessionId null: nothing is recorded, the window counts from now (a throttled client). */
  request: { edition: Edition; page: TimedPage; sessionId: string | null; now: Date; pageUrl: URL },
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

  let firstVisit: Date;
  try {
    firstVisit = sessionId === null ? now : await firstVisitOf(db, sessionId, pageTypeFor(edition.slug, page), now);
  } catch (error) {
    log.error({ err: error, page }, 'visit could not be recorded');
    return { kind: 'session-error', redirectTo: resolveRedirect(config.redirectUrl, pageUrl) };
  }
  return accessFrom(config, firstVisit, now, pageUrl);
}
