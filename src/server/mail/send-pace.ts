/**
 * Sending at the provider's pace (MAIL_RATE_PER_SECOND, docs/decisions/0086): every process claims
 * its e-mails while holding the one pace row (mail_send_pace) locked, claims at most what is left
 * of the current second, and counts what it claimed before letting go, so all of them together send
 * at most the rate in any second of the clock. Claiming inside the lock, rather than taking a share
 * first, means a round with nothing due holds nothing back from the others.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Claims } from '../outbound/queue.ts';

type Rows = { rows: { second: string | number; used: number }[] };

/** What `claim` returned, claiming at most what is left of this second (and `wanted`); `allowed`: how many it could. */
export async function claimAtPace<Job>(
  db: Database,
  { now, wanted, ratePerSecond }: { now: Date; wanted: number; ratePerSecond: number },
  claim: (tx: Claims, allowed: number) => Promise<Job[]>,
): Promise<{ jobs: Job[]; allowed: number }> {
  const second = Math.floor(now.getTime() / 1000);
  return db.transaction(async (tx) => {
    // The row is made on first use, not by the migration: a restore then brings the backup's row
    // into an empty table. Made first, so the lock below always has a row to hold.
    await tx.execute(sql`insert into mail_send_pace (id, second, used) values (1, 0, 0) on conflict (id) do nothing`);
    const result = (await tx.execute(sql`select second, used from mail_send_pace where id = 1 for update`)) as unknown as Rows;
    const [row] = result.rows;
    // A process whose clock is a little behind counts in the second already under way.
    const current = row ? Math.max(Number(row.second), second) : second;
    const used = row && Number(row.second) === current ? Number(row.used) : 0;
    const allowed = Math.max(0, Math.min(wanted, ratePerSecond - used));
    const jobs = allowed > 0 ? await claim(tx, allowed) : [];
    await tx.execute(sql`
      insert into mail_send_pace (id, second, used) values (1, ${current}, ${used + jobs.length})
      on conflict (id) do update set second = excluded.second, used = excluded.used`);
    return { jobs, allowed };
  });
}
