/**
 * GET /healthz: the process is up and the database answers a query within a second. It names
 * nothing about the installation (driver, versions): anyone can call it. The log says more.
 */
import { sql } from 'drizzle-orm';
import { getDatabase } from './db/index.ts';
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
