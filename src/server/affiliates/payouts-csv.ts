/**
 * GET /admin/affiliates/payouts.csv?edition={slug} (docs/PRODUCT.md "Affiliates"; decision 0066):
 * one line per affiliate with the columns PAYOUTS_CSV_COLUMNS names, amounts in major units of the
 * edition's currency, summed by the same function as the Affiliates screen, through the one CSV
 * cell policy (src/server/csv/spreadsheet-csv.ts).
 */
import { PAYOUTS_CSV_COLUMNS, type EditionAffiliates } from '../../domain/affiliates/affiliate-figures.ts';
import { majorAmount } from '../../domain/money.ts';
import { requestNow } from '../clock.ts';
import { csvDownload, spreadsheetCsv } from '../csv/spreadsheet-csv.ts';
import type { Database } from '../db/client.ts';
import { getDatabase } from '../db/index.ts';
import { readEdition } from '../editions/read-edition.ts';
import { editionAffiliates, type AffiliatesEdition } from './affiliate-figures.ts';

export function payoutsCsvOf({ currency, affiliates }: EditionAffiliates): string {
  const money = (amount: number) => majorAmount(amount, currency);
  return spreadsheetCsv(
    PAYOUTS_CSV_COLUMNS,
    affiliates.map((row) => ({
      code: row.code,
      name: row.name,
      email: row.email,
      passes: String(row.passes),
      revenue: money(row.revenue),
      commission_pending: money(row.balances.pending),
      commission_approved: money(row.balances.approved),
      commission_paid: money(row.balances.paid),
      commission_owed: money(row.balances.owed),
      currency: currency.toUpperCase(),
    })),
  );
}

export async function payoutsCsv(db: Database, { edition, now }: { edition: AffiliatesEdition; now: Date }): Promise<string> {
  return payoutsCsvOf(await editionAffiliates(db, { edition, now }));
}

/** The download, or null when no edition has the slug (the route answers 404). */
export async function payoutsCsvAnswer({ url, request }: { url: URL; request: Request }): Promise<Response | null> {
  const { db } = await getDatabase();
  const edition = await readEdition(db, url.searchParams.get('edition') ?? '', { fresh: true });
  if (!edition) return null;
  const now = requestNow(request);
  const csv = await payoutsCsv(db, { edition, now });
  return csvDownload(csv, `payouts-${edition.slug}-${now.toISOString().slice(0, 10)}.csv`);
}
