/**
 * What the listening writer puts in the database, in batches (issue 28 items 1 and 5):
 * - counted downloads, each kept only when no row of the same listener and episode lies within
 *   24 hours of it. The check runs inside the insert, under one advisory lock per transaction, so
 *   several app processes on one Postgres keep one download per listener, episode and window;
 * - the networks a personal key's audio came from, and the flag once they pass the limit.
 * Rows for a registrant erased or an episode deleted meanwhile are left out, never an error.
 */
import { sql } from 'drizzle-orm';
import { isSharedFeed } from '../../domain/listening/listener-identity.ts';
import type { Database } from '../db/client.ts';
import type { CountedDownload, NetworkSighting } from './download-counter.ts';

/** One lock for every process's download inserts (pg_advisory_xact_lock; released at commit). */
const DOWNLOADS_LOCK_ID = 28_000_001;
/** Rows per statement: a long outage's backlog is written in several. */
const ROWS_PER_STATEMENT = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows.length;

/** Inserts the downloads not already counted in their window; returns how many were new. */
export async function insertDownloads(db: Database, downloads: readonly CountedDownload[]): Promise<number> {
  let inserted = 0;
  for (const batch of chunks(downloads)) {
    const values = sql.join(
      batch.map(
        (d) =>
          sql`(${d.episodeId}::integer, ${d.registrantId}::integer, ${d.listenerKey}::text, ${d.earlierKey}::text, ${d.route}::text, ${d.countedAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    inserted += await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DOWNLOADS_LOCK_ID})`);
      const result = await tx.execute(sql`
        insert into episode_downloads (edition_id, episode_id, registrant_id, listener_key, route, counted_at)
        select e.edition_id, v.episode_id, v.registrant_id, v.listener_key, v.route, v.counted_at
        from (values ${values}) as v(episode_id, registrant_id, listener_key, earlier_key, route, counted_at)
        join episodes e on e.id = v.episode_id
        where (v.registrant_id is null or exists (select 1 from registrants r where r.id = v.registrant_id))
          and not exists (
            select 1 from episode_downloads d
            where d.episode_id = v.episode_id
              and d.listener_key in (v.listener_key, v.earlier_key)
              and d.counted_at > v.counted_at - interval '24 hours'
              and d.counted_at < v.counted_at + interval '24 hours')
        returning id`);
      return rowsOf(result);
    });
  }
  return inserted;
}

/** Records the networks (kept as salted hashes) and flags every key past the limit on that day. */
export async function recordSightings(db: Database, sightings: readonly NetworkSighting[], limit: number): Promise<void> {
  for (const batch of chunks(sightings)) {
    const values = sql.join(
      batch.map((s) => sql`(${s.registrantId}::integer, ${s.day}::date, ${s.networkHash}::text)`),
      sql`, `,
    );
    await db.execute(sql`
      insert into feed_networks (registrant_id, day, network_hash)
      select v.registrant_id, v.day, v.network_hash
      from (values ${values}) as v(registrant_id, day, network_hash)
      where exists (select 1 from registrants r where r.id = v.registrant_id)
      on conflict do nothing`);
  }
  const touched = new Map(sightings.map((s) => [`${s.registrantId}|${s.day}`, s]));
  for (const { registrantId, editionId, day } of touched.values()) await flagIfShared(db, { registrantId, editionId, day, limit });
}

async function flagIfShared(
  db: Database,
  { registrantId, editionId, day, limit }: { registrantId: number; editionId: number; day: string; limit: number },
): Promise<void> {
  const counted = await db.execute(
    sql`select count(*)::integer as networks from feed_networks where registrant_id = ${registrantId} and day = ${day}::date`,
  );
  const networks = Number((counted as unknown as { rows: { networks: number }[] }).rows[0]?.networks ?? 0);
  if (!isSharedFeed(networks, limit)) return;
  await db.execute(sql`
    insert into shared_feed_flags (registrant_id, edition_id, networks, day)
    select ${registrantId}, ${editionId}, ${networks}, ${day}::date
    where exists (select 1 from registrants r where r.id = ${registrantId})
    on conflict (registrant_id) do update
      set networks = greatest(shared_feed_flags.networks, excluded.networks),
          day = case when excluded.networks > shared_feed_flags.networks then excluded.day else shared_feed_flags.day end`);
}

/** Network hashes older than yesterday (relative to `today`) are deleted: at most 48 hours kept. */
export async function deleteOldNetworks(db: Database, yesterday: string): Promise<void> {
  await db.execute(sql`delete from feed_networks where day < ${yesterday}::date`);
}
