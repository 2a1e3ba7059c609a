/** The time a worker round claims at (the test clock in tests), or null while outbound is paused. */
import { appNow, refreshTestClock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { outboundPause } from './pause.ts';

export async function roundNow(db: Database): Promise<Date | null> {
  if (await outboundPause(db)) return null;
  await refreshTestClock(db);
  return appNow();
}
