/**
 * Which days of a timed page play for this visitor now (decision 0033): a day page's own day,
 * from its access answer; a dashboard's three days, each from the one access rule for that day
 * (page-access.ts dashboardDays). The Astro path loads what it needs; the cached personal page
 * route asks from memory only and gets undefined when something is not loaded.
 */
import type { Listening } from '../../domain/access/listening.ts';
import type { Viewer } from '../../domain/access/access-rule.ts';
import { parsePageType, type Edition, type TimedPage, type TimerConfig } from '../../domain/edition.ts';
import type { Database } from '../db/client.ts';
import { dashboardDays, type PageView } from './page-access.ts';
import { loadedTimerConfig, loadTimerConfig } from './timer-configs.ts';
import { registrantVisitsOf } from './visits.ts';

const DAY_PAGES = ['day1', 'day2', 'day3'] as const;

interface PageDaysQuestion {
  edition: Edition;
  page: TimedPage;
  viewer: Viewer;
  view: PageView;
  now: Date;
  /** The access answer's listening for a day page. */
  listening: Listening;
}

function dayOfPage(page: TimedPage): number | null {
  return page === 'dashboard' ? null : Number(page.slice(3));
}

/** The Astro path: loads the days' timers and, for a reduced dashboard, the registrant's recorded first visits (read, never recorded). */
export async function pageDays(
  db: Database,
  question: PageDaysQuestion & { registrantId: number | null },
): Promise<Map<number, Listening>> {
  const { edition, page, viewer, view, now, listening, registrantId } = question;
  const day = dayOfPage(page);
  if (day !== null) return new Map([[day, listening]]);
  const configs = await Promise.all(DAY_PAGES.map((dayPage) => loadTimerConfig(db, edition.id, dayPage)));
  const timers = new Map<number, TimerConfig | null>(configs.map((config, index) => [index + 1, config]));
  const firstVisits = new Map<number, Date>();
  // The full dashboard holds every day that has begun, whatever the day page's window: no visits needed.
  if (view === 'reduced' && registrantId !== null) {
    for (const visit of await registrantVisitsOf(db, registrantId)) {
      const parsed = parsePageType(visit.pageType);
      const visitedDay = parsed && parsed.editionSlug === edition.slug ? dayOfPage(parsed.page) : null;
      if (visitedDay !== null) firstVisits.set(visitedDay, visit.firstVisit);
    }
  }
  return dashboardDays({ edition, viewer, timers, firstVisits, now, view });
}

/** The cached personal page route: the same from memory (full views only), or undefined when a timer is not loaded. */
export function pageDaysFromMemory(question: PageDaysQuestion): Map<number, Listening> | undefined {
  const { edition, page, viewer, view, now, listening } = question;
  const day = dayOfPage(page);
  if (day !== null) return new Map([[day, listening]]);
  if (view !== 'full') return undefined;
  const timers = new Map<number, TimerConfig | null>();
  for (const [index, dayPage] of DAY_PAGES.entries()) {
    const config = loadedTimerConfig(edition.id, dayPage);
    if (config === undefined) return undefined;
    timers.set(index + 1, config);
  }
  return dashboardDays({ edition, viewer, timers, firstVisits: new Map(), now, view });
}
