/**
 * The timer configuration of a timed page, cached briefly (content changes clear it). Who may see
 * the page and until when is decided by src/server/access/page-access.ts with the one access rule
 * (src/domain/access/access-rule.ts); first visits are recorded in src/server/access/visits.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { TimedPage, TimerConfig } from '../../domain/edition.ts';
import { cached, peekCached } from '../caching/content-cache.ts';
import type { Database } from '../db/client.ts';
import { timerConfigs } from '../db/schema.ts';

const TIMER_TTL_MS = 30_000;

const timerKey = (editionId: number, page: TimedPage) => `timer:${editionId}:${page}`;

/** The page's timer if it is loaded (null: the page has none), undefined when it would have to be loaded. */
export function loadedTimerConfig(editionId: number, page: TimedPage): TimerConfig | null | undefined {
  return peekCached<TimerConfig | null>(timerKey(editionId, page));
}

export function loadTimerConfig(db: Database, editionId: number, page: TimedPage): Promise<TimerConfig | null> {
  return cached(timerKey(editionId, page), TIMER_TTL_MS, async () => {
    const row = await db.query.timerConfigs.findFirst({
      columns: { config: true },
      where: and(eq(timerConfigs.editionId, editionId), eq(timerConfigs.page, page)),
    });
    return row?.config ?? null;
  });
}
