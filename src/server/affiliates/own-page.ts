/**
 * An affiliate's own commission for their private page (`/s/{key}`; decision 0066): the figures of
 * the Affiliates screen for their link alone, and their ledger lines, newest first. Only the link
 * the page's key opens is read, so nobody else's figures or lines can appear.
 */
import { desc, eq } from 'drizzle-orm';
import { isPending } from '../../domain/affiliates/balances.ts';
import { dayIn } from '../../domain/affiliates/ledger-input.ts';
import type { CommissionLine, OwnCommission } from '../../domain/affiliates/own-page.ts';
import { formatRate } from '../../domain/affiliates/rates.ts';
import type { Edition } from '../../domain/edition.ts';
import { formatMoney } from '../../domain/money.ts';
import type { Database } from '../db/client.ts';
import { commissionEntries, purchases } from '../db/schema.ts';
import type { ShareLink } from '../attribution/share-links.ts';
import { editionAffiliates } from './affiliate-figures.ts';

export const OWN_LINES_SHOWN = 200;

async function linesOf(db: Database, { link, edition, now }: OwnPageRequest): Promise<{ lines: CommissionLine[]; more: boolean }> {
  const rows = await db
    .select({ entry: commissionEntries, pass: purchases.pass })
    .from(commissionEntries)
    .leftJoin(purchases, eq(purchases.id, commissionEntries.purchaseId))
    .where(eq(commissionEntries.shareLinkId, link.id))
    .orderBy(desc(commissionEntries.occurredAt), desc(commissionEntries.id))
    .limit(OWN_LINES_SHOWN + 1);
  const currency = edition.settings.checkout.currency;
  const lines = rows.slice(0, OWN_LINES_SHOWN).map(({ entry, pass }): CommissionLine => {
    const state =
      entry.cause === 'payout'
        ? 'Paid'
        : isPending(entry, now) && entry.approvesAt
          ? `Pending until ${dayIn(entry.approvesAt, edition.timezone)}`
          : 'Approved';
    return {
      date: dayIn(entry.occurredAt, edition.timezone),
      cause: entry.cause,
      pass: pass ? edition.settings.upgrade[pass].name : null,
      amount: formatMoney(entry.amount, currency),
      state,
      note: entry.cause === 'payout' || entry.cause === 'adjustment' ? entry.reference : null,
    };
  });
  return { lines, more: rows.length > OWN_LINES_SHOWN };
}

interface OwnPageRequest {
  link: ShareLink;
  edition: Edition;
  now: Date;
}

export async function ownCommission(db: Database, request: OwnPageRequest): Promise<OwnCommission | null> {
  const { link, edition, now } = request;
  const figures = await editionAffiliates(db, { edition, now });
  const mine = figures.affiliates.find((row) => row.linkId === link.id);
  if (!mine) return null;
  // No rate and no rows: this summit pays no commission, so the page says nothing about it.
  if (mine.rateBp === 0 && !mine.hasLedger) return null;
  const money = (amount: number) => formatMoney(amount, figures.currency);
  const { lines, more } = await linesOf(db, request);
  return {
    rate: formatRate(mine.rateBp),
    passes: mine.passes,
    revenue: money(mine.revenue),
    pending: money(mine.balances.pending),
    approved: money(mine.balances.approved),
    paid: money(mine.balances.paid),
    owed: money(mine.balances.owed),
    lines,
    more,
  };
}
