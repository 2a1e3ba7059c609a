/**
 * Test payments (docs/decisions/0074): the provider's test mode (`livemode: false`), which
 * `npm run payment:test-event` sends. A host uses one to see a pass granted end to end, so it
 * grants like a sale, but it is marked `test` everywhere it is kept (the purchase, the held
 * payment), counts in no real figure (revenue, insights, affiliates' sales and commission), and
 * the admin removes them all at once, audited.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { priceNow } from '../../domain/pass-price.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { announceAccessChange } from '../access/access-events.ts';
import { unchanged, writeContent } from '../audit/content-write.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { heldPayments, purchases } from '../db/schema.ts';
import { readEdition } from '../editions/read-edition.ts';
import type { Grant } from './buyer.ts';
import { recomputeTier } from './passes.ts';

/**
 * A test payment sent without its amount and currency (the command's default) is the edition's
 * pass at what the checkout charges for it now, in the edition's currency: so it is held for
 * nothing a real sale would not be held for.
 */
export async function withTestDefaults(tx: Database, change: Grant, { editionId, now }: { editionId: number; now: Date }): Promise<Grant> {
  if (change.amount !== null || change.currency !== null) return change;
  const edition = await readEdition(tx, { id: editionId }, { fresh: true });
  if (!edition) return change;
  const { upgrade, checkout } = edition.settings;
  return { ...change, amount: priceNow(upgrade[change.pass], now).amount, currency: checkout.currency };
}

export interface RemovedTestPayments {
  purchases: number;
  held: number;
}

/**
 * Removes every test payment: their passes end (status `removed`, the tiers recomputed) and the
 * held ones go; real payments are never touched. One audited write; access is announced changed.
 */
export async function removeTestPayments({
  handle,
  admin,
  now,
}: {
  handle: DbHandle;
  admin: AdminUser;
  now: Date;
}): Promise<RemovedTestPayments> {
  const removed = await writeContent(handle, admin, async (tx) => {
    const ended = await tx
      .update(purchases)
      .set({ status: 'removed', endedAt: now })
      .where(and(eq(purchases.test, true), eq(purchases.status, 'active')))
      .returning({ id: purchases.id, registrantId: purchases.registrantId });
    const held = await tx
      .delete(heldPayments)
      .where(and(eq(heldPayments.test, true), isNull(heldPayments.assignedAt)))
      .returning({ id: heldPayments.id });
    const registrantIds = [...new Set(ended.map((row) => row.registrantId))];
    for (const id of registrantIds) await recomputeTier(tx, id);
    const result = { purchases: ended.length, held: held.length };
    if (!ended.length && !held.length) return unchanged(result);
    return {
      result,
      audit: {
        action: 'delete',
        entityType: 'test-payments',
        summary: `Removed the test payments: ${ended.length} pass${ended.length === 1 ? '' : 'es'} ended, ${held.length} held payment${held.length === 1 ? '' : 's'} deleted`,
        details: { purchaseIds: ended.map((row) => row.id), heldPaymentIds: held.map((row) => row.id), registrantIds },
      },
    };
  });
  if (removed.purchases) await announceAccessChange(handle);
  return removed;
}

/** How many test payments there are to remove (the admin's button says so). */
export async function countTestPayments(db: Database): Promise<number> {
  const [active] = await db
    .select({ n: count() })
    .from(purchases)
    .where(and(eq(purchases.test, true), eq(purchases.status, 'active')));
  const [held] = await db
    .select({ n: count() })
    .from(heldPayments)
    .where(and(eq(heldPayments.test, true), isNull(heldPayments.assignedAt)));
  return Number(active?.n ?? 0) + Number(held?.n ?? 0);
}
