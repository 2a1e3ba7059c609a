/**
 * GET /healthz: the process is up and the database answers a query within a second. It names
 * nothing about the installation (driver, versions): anyone can call it. The log says more.
 */
import { sql } from 'drizzle-orm';
import { getDatabase } from './db/index.ts';
import { isDatabaseUnreachable } from './db/unreachable.ts';
import { log } from './log.ts';

const TIMEOUT_MS = 1000;

export async function checkHealth(): Promise<{ status: 'ok' | 'unavailable' }> {
  try {
    const check = (async () => {
      const handle = await getDatabase();
      await handle.db.execute(sql`select 1`);
    })();
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), TIMEOUT_MS).unref());
    await Promise.race([check, timeout]);
    return { status: 'ok' };
  } catch (error) {
    log.error({ err: error }, 'health check failed');
    return { status: 'unavailable' };
  }
}

/**
 * Whether a request failed because the database is down (a 503 the client may retry, decision
 * 0024) rather than a fault of ours (500): the error says so (db/unreachable.ts), or the
 * database does not answer the health check now.
 */
export async function isDatabaseDown(error: unknown): Promise<boolean> {
  return isDatabaseUnreachable(error) || (await checkHealth()).status !== 'ok';
}
