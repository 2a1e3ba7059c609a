/**
 * The one source of "now". In production it is the system clock. With UNSAFE_TEST_CLOCK (tests
 * only):
 * - a request may carry x-test-now: <ISO instant>, so browser tests can place a page before,
 *   inside or after any access window without waiting;
 * - the whole process may be moved in time (POST /api/test/clock): the offset is stored in the
 *   database, so the mail scheduler, every app process on one Postgres and a restarted process
 *   all follow it, and time keeps flowing from the new instant.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { appMeta } from './db/schema.ts';

export const TEST_NOW_HEADER = 'x-test-now';
const CLOCK_META_KEY = 'test_clock_offset_ms';

/** The test clock's offset from the system clock, in ms (tests only). */
let testClockOffsetMs = 0;

/** UNSAFE_TEST_CLOCK, as the entry configured it: off until then, so the test clock fails closed. */
let testClockEnabled = false;

/** Called by the entry (src/server/process-config.ts) with UNSAFE_TEST_CLOCK. */
export function configureTestClock(enabled: boolean): void {
  testClockEnabled = enabled;
  if (!enabled) testClockOffsetMs = 0;
}

/** The process's "now": the system clock, moved by the test clock's offset when tests set one. */
export function appNow(): Date {
  const offset = testClockEnabled ? testClockOffsetMs : 0;
  return new Date(Date.now() + offset);
}

/** A web Request, or anything that reads a header the same way (the Node fast path's adapter). */
export function requestNow(request: { headers: { get(name: string): string | null } }): Date {
  if (testClockEnabled) {
    const value = request.headers.get(TEST_NOW_HEADER);
    const instant = value ? Date.parse(value) : Number.NaN;
    if (!Number.isNaN(instant)) return new Date(instant);
  }
  return appNow();
}

/** Reads the stored offset (tests only; a no-op otherwise). The mail worker calls it each round. */
export async function refreshTestClock(db: Database): Promise<void> {
  if (!testClockEnabled) return;
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, CLOCK_META_KEY)).limit(1);
  testClockOffsetMs = typeof row?.value === 'number' ? row.value : 0;
}

/** Moves every process on this database to `instant` (tests only). */
export async function setTestClock(db: Database, instant: Date): Promise<void> {
  if (!testClockEnabled) throw new Error('The test clock needs UNSAFE_TEST_CLOCK');
  const offset = instant.getTime() - Date.now();
  await db
    .insert(appMeta)
    .values({ key: CLOCK_META_KEY, value: offset })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`excluded.value` } });
  testClockOffsetMs = offset;
}
