import type { APIRoute } from 'astro';
import { setTestClock } from '../../../server/clock.ts';
import { getDatabase } from '../../../server/db/index.ts';
import { json, jsonError } from '../../../server/http/responses.ts';
import { wakeOutbound } from '../../../server/outbound/wake.ts';

/**
 * Tests only (UNSAFE_TEST_CLOCK): POST {"now": "<ISO instant>"} moves every app process on this
 * database to that instant (src/server/clock.ts); the mail worker runs a round at once. Without
 * UNSAFE_TEST_CLOCK the route does not exist.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  if (!locals.config.UNSAFE_TEST_CLOCK) return jsonError(404, 'Not found.');
  const body = (await request.json().catch(() => null)) as { now?: unknown } | null;
  const instant = typeof body?.now === 'string' ? Date.parse(body.now) : Number.NaN;
  if (Number.isNaN(instant)) return jsonError(400, 'Send {"now": "<ISO 8601 instant>"}.');
  const { db } = await getDatabase();
  await setTestClock(db, new Date(instant));
  wakeOutbound();
  return json(200, { now: new Date(instant).toISOString() });
};
