/**
 * What the listening writer puts in the database, in batches (decision 0037):
 * - counted downloads, each kept only when no row of the same listener and episode lies within
 *   24 hours of it. The check runs inside the insert, under one advisory lock per transaction, so
 *   several app processes on one Postgres keep one download per listener, episode and window;
 * - the networks a personal key's audio came from, and the flag once they pass the limit;
 * - the agents and listeners each anonymous address asked with (suspicious traffic,
 *   src/domain/listening/suspicious-addresses.ts): a download from an address past the limit that
 *   day is not inserted, and the one that takes an address past it deletes that address's anonymous
 *   downloads of the day, under the same lock, so no process's insert slips in between.
 * Rows for a registrant erased or an episode deleted meanwhile are left out, never an error.
 */
import { sql } from 'drizzle-orm';
import { isSharedFeed } from '../../domain/listening/listener-identity.ts';
import type { Database } from '../db/client.ts';
import { DEFAULT_LISTENERS_PER_ADDRESS } from '../../domain/listening/suspicious-addresses.ts';
import type { AddressSighting, CountedDownload, NetworkSighting } from './download-counter.ts';
import { anyEndpointWants } from '../webhooks/record-event.ts';
import { recordRegistrantEvent } from '../webhooks/registrant-events.ts';

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

/** Whether an address's day in listening_addresses (alias `a`) is past the limit: a HAVING clause. */
const pastLimit = (limit: number) => sql`count(distinct a.agent_hash) > ${limit} or count(distinct a.listener_key) > ${limit}`;

/**
 * Inserts the downloads not already counted in their window and not from an address past the
 * limit on their day (`limit`: LISTENERS_PER_ADDRESS_LIMIT); returns how many were new.
 */
export async function insertDownloads(
  db: Database,
  downloads: readonly CountedDownload[],
  limit = DEFAULT_LISTENERS_PER_ADDRESS,
): Promise<number> {
  let inserted = 0;
  for (const batch of chunks(downloads)) {
    const values = sql.join(
      batch.map(
        (d) =>
          sql`(${d.episodeId}::integer, ${d.registrantId}::integer, ${d.listenerKey}::text, ${d.earlierKey}::text, ${d.route}::text, ${d.countedAt.toISOString()}::timestamptz, ${d.addressHash}::text)`,
      ),
      sql`, `,
    );
    inserted += await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DOWNLOADS_LOCK_ID})`);
      const result = await tx.execute(sql`
        insert into episode_downloads (edition_id, episode_id, registrant_id, listener_key, route, counted_at)
        select e.edition_id, v.episode_id, v.registrant_id, v.listener_key, v.route, v.counted_at
        from (values ${values}) as v(episode_id, registrant_id, listener_key, earlier_key, route, counted_at, address_hash)
        join episodes e on e.id = v.episode_id
        where (v.registrant_id is null or exists (select 1 from registrants r where r.id = v.registrant_id))
          and (v.address_hash is null or not exists (
            select 1 from listening_addresses a
            where a.day = (v.counted_at at time zone 'UTC')::date and a.address_hash = v.address_hash
            having ${pastLimit(limit)}))
          and not exists (
            select 1 from episode_downloads d
            where d.episode_id = v.episode_id
              and d.listener_key in (v.listener_key, v.earlier_key)
              and d.counted_at > v.counted_at - interval '24 hours'
              and d.counted_at < v.counted_at + interval '24 hours')
        returning registrant_id, episode_id, counted_at`);
      await reportListens(tx, (result as unknown as { rows: QualifiedListen[] }).rows);
      return rowsOf(result);
    });
  }
  return inserted;
}

interface QualifiedListen {
  registrant_id: number | null;
  episode_id: number;
  counted_at: string | Date;
}

/**
 * listen.qualified for the host's webhooks (docs/decisions/0058), in the transaction that counted
 * the downloads: a registrant's counted listen, with the episode and its day. One cheap question
 * first, so a site whose endpoints do not want listens pays nothing per download.
 */
async function reportListens(tx: Database, listens: QualifiedListen[]): Promise<void> {
  const known = listens.filter((listen) => listen.registrant_id !== null);
  if (!known.length || !(await anyEndpointWants(tx, 'listen.qualified'))) return;
  const days = await tx.execute(
    sql`select id, day from episodes where id in (${sql.join([...new Set(known.map((listen) => listen.episode_id))], sql`, `)})`,
  );
  const dayOf = new Map((days as unknown as { rows: { id: number; day: number }[] }).rows.map((row) => [row.id, row.day]));
  for (const listen of known) {
    await recordRegistrantEvent(tx, {
      type: 'listen.qualified',
      registrantId: listen.registrant_id!,
      now: new Date(listen.counted_at),
      data: { episodeId: listen.episode_id, day: dayOf.get(listen.episode_id) ?? 1 },
    });
  }
}

/** Records the anonymous addresses' agents and listeners (all hashes); already known rows are left as they are. */
export async function recordAddresses(db: Database, addresses: readonly AddressSighting[]): Promise<void> {
  for (const batch of chunks(addresses)) {
    const values = sql.join(
      batch.map((a) => sql`(${a.day}::date, ${a.addressHash}::text, ${a.agentHash}::text, ${a.listenerKey}::text)`),
      sql`, `,
    );
    await db.execute(sql`
      insert into listening_addresses (day, address_hash, agent_hash, listener_key)
      select * from (values ${values}) as v(day, address_hash, agent_hash, listener_key)
      on conflict do nothing`);
  }
}

/**
 * Of these addresses (just recorded), those past the limit on their day lose every anonymous
 * download counted from them that day (the guidelines' section 5.5.6: removed from the metrics).
 * Returns how many downloads were deleted.
 */
export async function dropSuspiciousDownloads(
  db: Database,
  addresses: readonly Pick<AddressSighting, 'day' | 'addressHash'>[],
  limit: number,
): Promise<number> {
  const pairs = [...new Map(addresses.map((a) => [`${a.day}|${a.addressHash}`, a])).values()];
  let deleted = 0;
  for (const batch of chunks(pairs)) {
    const values = sql.join(
      batch.map((a) => sql`(${a.day}::date, ${a.addressHash}::text)`),
      sql`, `,
    );
    deleted += await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DOWNLOADS_LOCK_ID})`);
      const result = await tx.execute(sql`
        with suspicious as (
          select a.day, a.address_hash from listening_addresses a
          where (a.day, a.address_hash) in (select * from (values ${values}) as v(day, address_hash))
          group by a.day, a.address_hash
          having ${pastLimit(limit)}),
        keys as (
          select distinct a.day, a.listener_key from listening_addresses a
          join suspicious s on s.day = a.day and s.address_hash = a.address_hash)
        delete from episode_downloads d
        using keys k
        where d.registrant_id is null
          and d.listener_key = k.listener_key
          and (d.counted_at at time zone 'UTC')::date = k.day
        returning d.id`);
      return rowsOf(result);
    });
  }
  return deleted;
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
  await db.transaction(async (tx) => {
    const flagged = await tx.execute(sql`
    insert into shared_feed_flags (registrant_id, edition_id, networks, day)
    select ${registrantId}, ${editionId}, ${networks}, ${day}::date
    where exists (select 1 from registrants r where r.id = ${registrantId})
    on conflict (registrant_id) do update
      set networks = greatest(shared_feed_flags.networks, excluded.networks),
          day = case when excluded.networks > shared_feed_flags.networks then excluded.day else shared_feed_flags.day end
    returning (xmax = 0) as created`);
    // The host's webhooks hear of the first flag only, not of every later network (docs/decisions/0058).
    const created = (flagged as unknown as { rows: { created: boolean }[] }).rows[0]?.created === true;
    if (created) await recordRegistrantEvent(tx, { type: 'feed.flagged_shared', registrantId, now: new Date(), data: { networks } });
  });
}

/** Network and address hashes older than yesterday (relative to `today`) are deleted: at most 48 hours kept. */
export async function deleteOldNetworks(db: Database, yesterday: string): Promise<void> {
  await db.execute(sql`delete from feed_networks where day < ${yesterday}::date`);
  await db.execute(sql`delete from listening_addresses where day < ${yesterday}::date`);
}
