/**
 * First visits per timed page, for anonymous browsers (their session id) and for signed-in
 * registrants (their id, on every device). A recorded first visit only changes through the
 * admin (extend or reset a window), which announces it (access-events.ts), so the memory below
 * spares returning visitors a database write and is emptied in every process on a change.
 */
import { and, eq, sql } from 'drizzle-orm';
import { onContentChange } from '../caching/content-cache.ts';
import type { Database } from '../db/client.ts';
import { registrantPageOpens, registrantVisits } from '../db/schema.ts';
import { upsertUserSession } from './user-sessions.ts';
import { boundedCache } from '../caching/bounded-cache.ts';

/**
 * Recorded first visits, by browser session or registrant and page type. Bounded in entries and
 * bytes; least recent go first. Emptied on an access change (access-events.ts) and on a content
 * change (an admin resetting an edition's windows), in every process.
 */
const remembered = boundedCache<Date>({ name: 'first visits', maxEntries: 100_000, maxBytes: 16 * 1024 * 1024, sizeOf: () => 64 });
onContentChange(() => remembered.clear());

export function forgetRememberedVisits(): void {
  remembered.clear();
}

/**
 * An anonymous browser's first visit this process already recorded, without touching the
 * database (the kept-page fast path, src/server/page-loaders/cached-personal-page-route.ts).
 */
export function knownBrowserFirstVisit(sessionId: string, pageType: string): Date | undefined {
  return remembered.get(`s:${sessionId} ${pageType}`);
}

/** A registrant's first visit this process already recorded, without touching the database. */
export function knownRegistrantFirstVisit(registrantId: number, pageType: string): Date | undefined {
  return remembered.get(`r:${registrantId} ${pageType}`);
}

async function rememberedOr(key: string, record: () => Promise<Date>): Promise<Date> {
  const known = remembered.get(key);
  if (known) return known;
  const firstVisit = await record();
  remembered.set(key, firstVisit);
  return firstVisit;
}

/** An anonymous browser's first visit of the page (the product's per-browser windows). */
export function browserFirstVisit({
  db,
  sessionId,
  pageType,
  now,
}: {
  db: Database;
  sessionId: string;
  pageType: string;
  now: Date;
}): Promise<Date> {
  return rememberedOr(
    `s:${sessionId} ${pageType}`,
    async () => new Date((await upsertUserSession({ db, sessionId, pageType, visitedAt: now })).first_visit_timestamp),
  );
}

/** A registrant at a page, now: what a visit or an opening is recorded from. */
interface RegistrantPageAt {
  db: Database;
  registrantId: number;
  pageType: string;
  now: Date;
}

/**
 * A registrant's first visit of the page on any device. An existing row is kept as it is (not
 * LEAST'ed with now): the admin may have moved it later to extend the window.
 */
export function registrantFirstVisit({ db, registrantId, pageType, now }: RegistrantPageAt): Promise<Date> {
  return rememberedOr(`r:${registrantId} ${pageType}`, async () => {
    const [row] = await db
      .insert(registrantVisits)
      .values({ registrantId, pageType, firstVisitTimestamp: now })
      .onConflictDoUpdate({
        target: [registrantVisits.registrantId, registrantVisits.pageType],
        // A no-op update, so RETURNING gives the stored row.
        set: { firstVisitTimestamp: sql`${registrantVisits.firstVisitTimestamp}` },
      })
      .returning({ firstVisit: registrantVisits.firstVisitTimestamp });
    if (!row) throw new Error('the visit was not recorded');
    return row.firstVisit;
  });
}

/**
 * That a registrant opened a page that starts no window for them (their reduced dashboard), for
 * the insights' "who opened each page" (decision 0074); once per process and page, like a visit.
 */
export async function recordPageOpen({ db, registrantId, pageType, now }: RegistrantPageAt): Promise<void> {
  await rememberedOr(`o:${registrantId} ${pageType}`, async () => {
    await db.insert(registrantPageOpens).values({ registrantId, pageType, firstOpenedAt: now }).onConflictDoNothing();
    return now;
  });
}

/** A registrant's recorded first visit of the page, or null when they have none; never records one. */
export async function recordedRegistrantFirstVisit(db: Database, registrantId: number, pageType: string): Promise<Date | null> {
  const known = remembered.get(`r:${registrantId} ${pageType}`);
  if (known) return known;
  const row = await db.query.registrantVisits.findFirst({
    columns: { firstVisitTimestamp: true },
    where: windowRow({ registrantId, pageType }),
  });
  return row?.firstVisitTimestamp ?? null;
}

export interface RecordedVisit {
  pageType: string;
  firstVisit: Date;
}

export async function registrantVisitsOf(db: Database, registrantId: number): Promise<RecordedVisit[]> {
  const rows = await db
    .select({ pageType: registrantVisits.pageType, firstVisit: registrantVisits.firstVisitTimestamp })
    .from(registrantVisits)
    .where(eq(registrantVisits.registrantId, registrantId))
    .orderBy(registrantVisits.pageType);
  return rows;
}

/** One registrant's window of one page: the row of their first visit of it. */
export interface RegistrantWindow {
  registrantId: number;
  pageType: string;
}

const windowRow = ({ registrantId, pageType }: RegistrantWindow) =>
  and(eq(registrantVisits.registrantId, registrantId), eq(registrantVisits.pageType, pageType));

/** Moves a window's start later by `hours` (extends it); returns whether there was a window. */
export async function extendRegistrantWindow(db: Database, window: RegistrantWindow, hours: number): Promise<boolean> {
  const rows = await db
    .update(registrantVisits)
    .set({ firstVisitTimestamp: sql`${registrantVisits.firstVisitTimestamp} + make_interval(hours => ${hours})` })
    .where(windowRow(window))
    .returning({ pageType: registrantVisits.pageType });
  return rows.length > 0;
}

/** Forgets a window: the next visit starts it afresh. */
export async function resetRegistrantWindow(db: Database, window: RegistrantWindow): Promise<boolean> {
  const rows = await db.delete(registrantVisits).where(windowRow(window)).returning({ pageType: registrantVisits.pageType });
  return rows.length > 0;
}
