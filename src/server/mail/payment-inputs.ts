/**
 * What receipts and refund notices read besides the message and the registrant (docs/decisions/0065):
 * the purchases a batch of outbox rows is about, and, for the admin's preview, the currency the
 * edition sells in.
 */
import { inArray } from 'drizzle-orm';
import type { PaidPurchase } from '../../domain/mail/payment-fields.ts';
import type { Database } from '../db/client.ts';
import { purchases } from '../db/schema.ts';
import { readEdition } from '../editions/read-edition.ts';

/** The purchases by id. */
export async function loadPurchases(db: Database, ids: number[]): Promise<Map<number, PaidPurchase>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: purchases.id,
      pass: purchases.pass,
      amount: purchases.amount,
      tax: purchases.tax,
      currency: purchases.currency,
      receiptUrl: purchases.receiptUrl,
    })
    .from(purchases)
    .where(inArray(purchases.id, ids));
  return new Map(rows.map(({ id, ...purchase }) => [id, purchase]));
}

/** The currency the edition sells in (its checkout settings), for a sample payment. */
export async function editionCurrency(db: Database, editionId: number): Promise<string> {
  return (await readEdition(db, { id: editionId }, { fresh: true }))?.settings.checkout.currency ?? 'usd';
}
