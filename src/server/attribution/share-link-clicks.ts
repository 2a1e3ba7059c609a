/**
 * Counting a share link's clicks as listens are counted (docs/decisions/0069; decisions 0037 and
 * 0054): one row per link, UTC day and visitor (src/domain/attribution/click-visitor.ts, hashed
 * with the listening's own daily salt), and the link's count goes up only when the row is new. One
 * address with more different visitors in a day than LISTENERS_PER_ADDRESS_LIMIT is a script
 * rotating its user agent: the click that takes it past the limit takes back the clicks it counted
 * that day, and none of its later clicks that day count. Rows older than yesterday are deleted.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { clickDay, clickVisitor, pastClickLimit, type ClickVisitor } from '../../domain/attribution/click-visitor.ts';
import { dayBefore } from '../../domain/listening/counting-window.ts';
import { DEFAULT_LISTENERS_PER_ADDRESS } from '../../domain/listening/suspicious-addresses.ts';
import type { Database } from '../db/client.ts';
import { shareLinkClicks, shareLinks } from '../db/schema.ts';
import { saltOf } from '../listening/daily-salts.ts';

/** One lock for every process's clicks (pg_advisory_xact_lock; released at commit): the limit is checked once per click. */
const CLICKS_LOCK_ID = 28_000_002;

export interface Click {
  linkId: number;
  /** The client's address (clientAddress) and user agent: hashed here, never stored. */
  address: string;
  userAgent: string | null;
  now: Date;
  /** LISTENERS_PER_ADDRESS_LIMIT. */
  limit?: number;
}

/** The address's different visitors on the day, and whether this visitor is new to it (its row the only one). */
async function addressDay(tx: Database, visitor: ClickVisitor) {
  const [row] = await tx
    .select({
      visitors: sql<number>`count(distinct ${shareLinkClicks.agentHash})::int`,
      mine: sql<number>`count(*) filter (where ${shareLinkClicks.visitorKey} = ${visitor.visitorKey})::int`,
    })
    .from(shareLinkClicks)
    .where(and(eq(shareLinkClicks.day, visitor.day), eq(shareLinkClicks.addressHash, visitor.addressHash)));
  return { visitors: Number(row?.visitors ?? 0), firstOfVisitor: Number(row?.mine ?? 0) === 1 };
}

/** The address just went past the limit: every click it counted that day (all its rows but this one) is taken back. */
async function takeBackAddress(tx: Database, visitor: ClickVisitor, linkId: number) {
  await tx.execute(sql`
    update share_links l set clicks = greatest(l.clicks - c.n, 0)
    from (
      select share_link_id, count(*)::int as n from share_link_clicks
      where day = ${visitor.day}::date and address_hash = ${visitor.addressHash}
        and not (share_link_id = ${linkId} and visitor_key = ${visitor.visitorKey})
      group by share_link_id) c
    where l.id = c.share_link_id`);
}

/** Counts the click once per visitor and day within the address's limit; whether it counted. */
export async function countClick(db: Database, click: Click): Promise<boolean> {
  const limit = click.limit ?? DEFAULT_LISTENERS_PER_ADDRESS;
  const salt = await saltOf(db, clickDay(click.now));
  const visitor = clickVisitor({ salt, at: click.now, address: click.address, userAgent: (click.userAgent ?? '').slice(0, 512) });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLICKS_LOCK_ID})`);
    await tx.delete(shareLinkClicks).where(lt(shareLinkClicks.day, dayBefore(visitor.day)));
    const inserted = await tx
      .insert(shareLinkClicks)
      .values({ shareLinkId: click.linkId, ...visitor })
      .onConflictDoNothing()
      .returning({ day: shareLinkClicks.day });
    if (!inserted.length) return false;
    const { visitors, firstOfVisitor } = await addressDay(tx, visitor);
    if (pastClickLimit(visitors, limit)) {
      if (firstOfVisitor && visitors === limit + 1) await takeBackAddress(tx, visitor, click.linkId);
      return false;
    }
    await tx
      .update(shareLinks)
      .set({ clicks: sql`${shareLinks.clicks} + 1` })
      .where(eq(shareLinks.id, click.linkId));
    return true;
  });
}
