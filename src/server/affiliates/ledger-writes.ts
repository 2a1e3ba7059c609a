/**
 * The commission ledger's writes from payments (docs/decisions/0065): a sale credited to an
 * affiliate, and its refunds and disputes. Each is one append-only row whose cause key makes it
 * happen once (src/domain/affiliates/commission.ts), written in the caller's transaction, so a
 * repeated or late event books nothing twice. Payouts and adjustments are the admin's.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { approvesAt, causeKeys, disputeEntry, disputeWonEntry, refundEntry, saleCommission } from '../../domain/affiliates/commission.ts';
import type { CommissionCause } from '../../domain/affiliates/commission-causes.ts';
import { isOwnPurchase, type CommissionWithheld } from '../../domain/affiliates/own-purchase.ts';
import { effectiveRateBp } from '../../domain/affiliates/rates.ts';
import type { Database } from '../db/client.ts';
import { commissionEntries, editions, purchases, registrants, registrationSources, shareLinks } from '../db/schema.ts';
import { readEdition } from '../editions/read-edition.ts';
import { commissionHoldDays } from './commission-config.ts';

/** Who a sale is credited to, a code the checkout named that no share link of the edition has, and why it earns nothing. */
export interface Credit {
  shareLinkId: number | null;
  unknownCode: string | null;
  /** Set when the credited affiliate is the buyer (docs/decisions/0069): no commission is booked. */
  withheld?: CommissionWithheld | null;
}

/** The checkout's affiliate code (a share link of the buyer's edition), else the registration's source. */
export async function creditOf(tx: Database, input: { editionId: number; registrantId: number; code: string | null }): Promise<Credit> {
  if (input.code) {
    const [link] = await tx
      .select({ id: shareLinks.id })
      .from(shareLinks)
      .where(and(eq(shareLinks.editionId, input.editionId), eq(shareLinks.code, input.code)))
      .limit(1);
    if (link) return { shareLinkId: link.id, unknownCode: null };
  }
  const [source] = await tx
    .select({ id: shareLinks.id })
    .from(registrationSources)
    .innerJoin(shareLinks, eq(shareLinks.id, registrationSources.shareLinkId))
    .where(and(eq(registrationSources.registrantId, input.registrantId), eq(shareLinks.editionId, input.editionId)))
    .limit(1);
  return { shareLinkId: source?.id ?? null, unknownCode: input.code };
}

/**
 * Whether the credited affiliate bought it themselves: their address is the checkout's buyer
 * address or the address of the registration the pass goes to (src/domain/affiliates/own-purchase.ts).
 */
export async function ownPurchase(tx: Database, sale: { shareLinkId: number; registrantId: number; buyerEmail: string | null }) {
  const [link] = await tx.select({ email: shareLinks.email }).from(shareLinks).where(eq(shareLinks.id, sale.shareLinkId)).limit(1);
  if (!link?.email) return false;
  const [buyer] = await tx.select({ email: registrants.email }).from(registrants).where(eq(registrants.id, sale.registrantId)).limit(1);
  return isOwnPurchase(link.email, [sale.buyerEmail, buyer?.email ?? null]);
}

/** Fixes the sale's affiliate on the purchase with why it earns nothing: the Affiliates screen counts it apart. */
export async function withholdCommission(tx: Database, sale: { purchaseId: number; shareLinkId: number; why: CommissionWithheld }) {
  await tx
    .update(purchases)
    .set({ affiliateLinkId: sale.shareLinkId, commissionWithheld: sale.why })
    .where(eq(purchases.id, sale.purchaseId));
}

interface Sale {
  purchaseId: number;
  editionId: number;
  shareLinkId: number;
  amount: number | null;
  tax: number | null;
  currency: string | null;
  soldAt: Date;
}

/**
 * Fixes the sale's affiliate on the purchase and books its commission at the affiliate's rate,
 * else the edition's; nothing when the rate or the amount gives none. Returns the commission.
 */
export async function creditSale(tx: Database, sale: Sale): Promise<number> {
  await tx.update(purchases).set({ affiliateLinkId: sale.shareLinkId }).where(eq(purchases.id, sale.purchaseId));
  if (sale.amount === null || !sale.currency) return 0;
  const [rates] = await tx
    .select({ link: shareLinks.commissionRateBp, edition: editions.commissionRateBp })
    .from(shareLinks)
    .innerJoin(editions, eq(editions.id, shareLinks.editionId))
    .where(eq(shareLinks.id, sale.shareLinkId));
  if (!rates) return 0;
  // One currency per edition's ledger: a payment in another (held, then assigned by the admin) earns no commission.
  const sells = (await readEdition(tx, { id: sale.editionId }, { fresh: true }))?.settings.checkout.currency;
  if (sells?.toLowerCase() !== sale.currency.toLowerCase()) return 0;
  const commission = saleCommission({ amount: sale.amount, tax: sale.tax, rateBp: effectiveRateBp(rates.link, rates.edition) });
  if (commission <= 0) return 0;
  await tx
    .insert(commissionEntries)
    .values({
      editionId: sale.editionId,
      shareLinkId: sale.shareLinkId,
      purchaseId: sale.purchaseId,
      cause: 'purchase',
      amount: commission,
      currency: sale.currency,
      approvesAt: approvesAt(sale.soldAt, commissionHoldDays()),
      causeKey: causeKeys.purchase(sale.purchaseId),
      occurredAt: sale.soldAt,
    })
    .onConflictDoNothing({ target: commissionEntries.causeKey });
  return commission;
}

type Entry = typeof commissionEntries.$inferSelect;

/** The sale's own commission row, which every later row of the sale follows (affiliate, currency, hold). */
async function saleEntry(tx: Database, purchaseId: number): Promise<Entry | null> {
  const [row] = await tx
    .select()
    .from(commissionEntries)
    .where(and(eq(commissionEntries.purchaseId, purchaseId), eq(commissionEntries.cause, 'purchase')))
    .limit(1);
  return row ?? null;
}

/** Σ of the sale's rows of one cause, or of every cause but payouts (what remains earned). */
async function sumOf(tx: Database, purchaseId: number, cause: CommissionCause | 'earned'): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${commissionEntries.amount}), 0)` })
    .from(commissionEntries)
    .where(
      and(
        eq(commissionEntries.purchaseId, purchaseId),
        cause === 'earned' ? ne(commissionEntries.cause, 'payout') : eq(commissionEntries.cause, cause),
      ),
    );
  return Number(row?.total ?? 0);
}

async function follow(tx: Database, sale: Entry, row: { cause: CommissionCause; amount: number; causeKey: string; at: Date }) {
  if (row.amount === 0) return;
  await tx
    .insert(commissionEntries)
    .values({
      editionId: sale.editionId,
      shareLinkId: sale.shareLinkId,
      purchaseId: sale.purchaseId,
      cause: row.cause,
      amount: row.amount,
      currency: sale.currency,
      // A reversal counts where its sale counts: pending while the sale is, approved after.
      approvesAt: sale.approvesAt,
      causeKey: row.causeKey,
      occurredAt: row.at,
    })
    .onConflictDoNothing({ target: commissionEntries.causeKey });
}

/** Books a refund's running total: the refund rows come to round(commission × refunded / amount). */
export async function bookRefund(tx: Database, input: { purchaseId: number; amount: number | null; refunded: number; at: Date }) {
  const sale = await saleEntry(tx, input.purchaseId);
  if (!sale || !input.amount) return;
  const entry = refundEntry({
    commission: sale.amount,
    refunded: input.refunded,
    amount: input.amount,
    reversedByRefunds: -(await sumOf(tx, input.purchaseId, 'refund')),
  });
  await follow(tx, sale, { cause: 'refund', amount: entry, causeKey: causeKeys.refund(input.purchaseId, input.refunded), at: input.at });
}

/** A dispute opened (or closed before we heard it open): reverses what remains of the commission, once. */
export async function bookDispute(tx: Database, input: { purchaseId: number; at: Date }) {
  const sale = await saleEntry(tx, input.purchaseId);
  if (!sale) return;
  const entry = disputeEntry(await sumOf(tx, input.purchaseId, 'earned'));
  await follow(tx, sale, { cause: 'dispute', amount: entry, causeKey: causeKeys.dispute(input.purchaseId), at: input.at });
}

/** A dispute won: gives back exactly what the dispute reversed, once. */
export async function bookDisputeWon(tx: Database, input: { purchaseId: number; at: Date }) {
  const sale = await saleEntry(tx, input.purchaseId);
  if (!sale) return;
  // Won before we heard it open (events come in any order): the reversal is booked first, so both rows exist and a late "created" books nothing.
  await bookDispute(tx, input);
  const entry = disputeWonEntry(await sumOf(tx, input.purchaseId, 'dispute'));
  await follow(tx, sale, { cause: 'dispute-won', amount: entry, causeKey: causeKeys.disputeWon(input.purchaseId), at: input.at });
}
