/**
 * Why a paid sale cannot be granted as it came, read from the database for the rules of
 * src/domain/payments/sale-checks.ts (docs/decisions/0069): the webhook then holds it for the admin.
 */
import { eq } from 'drizzle-orm';
import { amountProblem, editionProblem } from '../../domain/payments/sale-checks.ts';
import type { Database } from '../db/client.ts';
import { editions } from '../db/schema.ts';
import { readEdition } from '../editions/read-edition.ts';
import type { FoundBuyer, Grant } from './buyer.ts';

/** Why a paid checkout cannot be sold in its edition: a currency the edition does not sell in (docs/PRODUCT.md "Payments"). */
async function currencyProblem(tx: Database, editionId: number, currency: string | null): Promise<string | null> {
  if (!currency) return null;
  const sells = (await readEdition(tx, { id: editionId }, { fresh: true }))?.settings.checkout.currency;
  if (!sells || sells.toLowerCase() === currency.toLowerCase()) return null;
  return `paid in ${currency.toUpperCase()} but the edition sells in ${sells.toUpperCase()}`;
}

async function editionSlugOf(tx: Database, editionId: number): Promise<string> {
  const [row] = await tx.select({ slug: editions.slug }).from(editions).where(eq(editions.id, editionId)).limit(1);
  return row?.slug ?? '';
}

/**
 * Why the sale cannot be granted as it came (docs/decisions/0069), or null. An admin assigning a
 * held payment has read why it was held, so their assignment is not judged again; a sale reported
 * through the API is judged by its currency, as the provider's checkouts are.
 */
export async function saleProblem(
  tx: Database,
  { eventType, change, found }: { eventType: string; change: Grant; found: FoundBuyer },
): Promise<string | null> {
  if (eventType === 'admin.assign') return null;
  const checkout = eventType.startsWith('checkout.session.');
  const registeredIn = await editionSlugOf(tx, found.editionId);
  return (
    editionProblem({ named: change.edition, registrantId: found.registrantId, registeredIn }) ??
    (checkout ? amountProblem({ amount: change.amount, paymentStatus: change.paymentStatus ?? null }) : null) ??
    (await currencyProblem(tx, found.editionId, change.currency))
  );
}
