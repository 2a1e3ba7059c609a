/** GET /healthz: the process is up and the database answers a query within a second. */
import { sql } from 'drizzle-orm';
import { getDatabase } from './db/index.ts';
import { log } from './log.ts';

const TIMEOUT_MS = 1000;

export async function checkHealth(): Promise<{ status: 'ok' | 'unavailable'; database: string }> {
  try {
    const check = (async () => {
      const handle = await getDatabase();
      await handle.db.execute(sql`select 1`);
      return handle.driver;
    })();
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), TIMEOUT_MS).unref());
    return { status: 'ok', database: await Promise.race([check, timeout]) };
  } catch (error) {
    log.error({ err: error }, 'health check failed');
    return { status: 'unavailable', database: 'unreachable' };
  }
}
