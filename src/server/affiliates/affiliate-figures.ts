/**
 * Every affiliate of an edition with their figures (docs/PRODUCT.md "Affiliates"; decision 0066):
 * the one function the Affiliates screen and the payouts CSV both read, so they never disagree.
 * Registrations come from the insights' leaderboard (decision 0038); passes and revenue are the
 * sales credited to the affiliate (the purchase's affiliate, else its buyer's registration source);
 * the commission figures are sums of their ledger rows (src/domain/affiliates/balances.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AffiliateFigures, AffiliateKind, EditionAffiliates } from '../../domain/affiliates/affiliate-figures.ts';
import { balancesOf, NO_BALANCES, type LedgerAmount } from '../../domain/affiliates/balances.ts';
import { effectiveRateBp } from '../../domain/affiliates/rates.ts';
import type { Edition } from '../../domain/edition.ts';
import type { Database } from '../db/client.ts';
import { commissionEntries, editions, purchases, registrants, registrationSources } from '../db/schema.ts';
import { listShareLinks, type ShareLink } from '../attribution/share-links.ts';
import { leaderboard } from '../insights/insights-queries.ts';

export type AffiliatesEdition = Pick<Edition, 'id' | 'slug' | 'settings'>;

export function kindOf(link: Pick<ShareLink, 'speakerId' | 'hostId' | 'partner'>): AffiliateKind {
  if (link.partner) return 'partner';
  return link.speakerId !== null ? 'speaker' : link.hostId !== null ? 'host' : 'unlisted';
}

export async function editionRateBp(db: Database, editionId: number): Promise<number> {
  const [row] = await db.select({ bp: editions.commissionRateBp }).from(editions).where(eq(editions.id, editionId)).limit(1);
  return row?.bp ?? 0;
}

interface LinkSales {
  passes: number;
  revenue: number;
  /** The affiliate's own purchases through their link: no commission, and not counted as their sales (decision 0069). */
  ownPurchases: number;
}

/** Per share link: passes credited to it and not taken back, and what they brought less refunds, in the edition's currency. */
async function salesPerLink(db: Database, edition: AffiliatesEdition): Promise<Map<number, LinkSales>> {
  const credited = sql<number | null>`coalesce(${purchases.affiliateLinkId}, ${registrationSources.shareLinkId})`;
  const sold = sql`${purchases.commissionWithheld} is null`;
  const rows = await db
    .select({
      linkId: credited,
      passes: sql<number>`count(*) filter (where ${sold})::int`,
      revenue: sql<number>`coalesce(sum(${purchases.amount} - ${purchases.refunded}) filter (where ${sold}), 0)::bigint`,
      ownPurchases: sql<number>`count(*) filter (where ${purchases.commissionWithheld} = 'own-purchase')::int`,
    })
    .from(purchases)
    .innerJoin(registrants, eq(registrants.id, purchases.registrantId))
    .leftJoin(registrationSources, eq(registrationSources.registrantId, purchases.registrantId))
    .where(
      and(
        eq(registrants.editionId, edition.id),
        eq(purchases.source, 'provider'),
        eq(purchases.status, 'active'),
        // A test payment earns no affiliate anything (decision 0074).
        eq(purchases.test, false),
        sql`lower(${purchases.currency}) = ${edition.settings.checkout.currency}`,
      ),
    )
    .groupBy(credited);
  const sales = new Map<number, LinkSales>();
  for (const row of rows)
    if (row.linkId !== null)
      sales.set(Number(row.linkId), { passes: Number(row.passes), revenue: Number(row.revenue), ownPurchases: Number(row.ownPurchases) });
  return sales;
}

/** The edition's commission rows, by share link. */
export async function ledgerPerLink(db: Database, editionId: number, linkId?: number): Promise<Map<number, LedgerAmount[]>> {
  const rows = await db
    .select({
      linkId: commissionEntries.shareLinkId,
      cause: commissionEntries.cause,
      amount: commissionEntries.amount,
      approvesAt: commissionEntries.approvesAt,
    })
    .from(commissionEntries)
    .where(and(eq(commissionEntries.editionId, editionId), linkId === undefined ? undefined : eq(commissionEntries.shareLinkId, linkId)));
  const byLink = new Map<number, LedgerAmount[]>();
  for (const { linkId: id, ...row } of rows) byLink.set(id, [...(byLink.get(id) ?? []), row]);
  return byLink;
}

/** Every affiliate of the edition (the leaderboard's order, then removed people's links with commission rows), with their figures at `now`. */
export async function editionAffiliates(
  db: Database,
  { edition, now }: { edition: AffiliatesEdition; now: Date },
): Promise<EditionAffiliates> {
  const board = await leaderboard(db, edition);
  const [links, defaultRateBp, sales, ledger] = await Promise.all([
    listShareLinks(db, edition.id),
    editionRateBp(db, edition.id),
    salesPerLink(db, edition),
    ledgerPerLink(db, edition.id),
  ]);
  const byId = new Map(links.map((link) => [link.id, link]));
  const order = [...board.map((row) => row.linkId), ...links.filter((link) => ledger.has(link.id)).map((link) => link.id)];
  const registrationsOf = new Map(board.map((row) => [row.linkId, row.registrations]));
  const affiliates = [...new Set(order)].flatMap((id): AffiliateFigures[] => {
    const link = byId.get(id);
    if (!link) return [];
    const rows = ledger.get(id) ?? [];
    return [
      {
        linkId: link.id,
        code: link.code,
        name: link.name,
        email: link.email ?? '',
        kind: kindOf(link),
        ownRateBp: link.commissionRateBp,
        rateBp: effectiveRateBp(link.commissionRateBp, defaultRateBp),
        clicks: link.clicks,
        registrations: registrationsOf.get(id) ?? 0,
        passes: sales.get(id)?.passes ?? 0,
        revenue: sales.get(id)?.revenue ?? 0,
        ownPurchases: sales.get(id)?.ownPurchases ?? 0,
        balances: rows.length ? balancesOf(rows, now) : NO_BALANCES,
        hasLedger: rows.length > 0,
      },
    ];
  });
  return { currency: edition.settings.checkout.currency, defaultRateBp, affiliates };
}
