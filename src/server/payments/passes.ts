/**
 * Passes a registrant holds. Every pass is a purchase row (bought through the provider or
 * granted in the admin); the registrant's tier is always the best of their active passes, so a
 * refund of one pass never takes away another. Each grant and each end of a pass records
 * pass.granted / pass.revoked for the host's webhooks in the same transaction (docs/decisions/0058).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { tierFromPasses } from '../../domain/payments/provider-event.ts';
import type { PassKind } from '../../domain/passes.ts';
import type { RegistrantTier } from '../../domain/entities.ts';
import type { Database } from '../db/client.ts';
import { purchases, registrants } from '../db/schema.ts';
import { anyEndpointWants } from '../webhooks/record-event.ts';
import { recordRegistrantEvent } from '../webhooks/registrant-events.ts';

export interface NewPass {
  pass: PassKind;
  source: 'provider' | 'admin';
  amount?: number | null;
  currency?: string | null;
  providerEventId?: string | null;
  paymentRef?: string | null;
  /** The tax in `amount` and the provider's receipt page, as the checkout reported them (minor units). */
  tax?: number | null;
  receiptUrl?: string | null;
  /** A test payment's pass (decision 0074). */
  test?: boolean;
}

/** Sets the tier from the active passes; returns the tier before and after. */
export async function recomputeTier(tx: Database, registrantId: number): Promise<{ from: RegistrantTier; to: RegistrantTier }> {
  const [current] = await tx.select({ tier: registrants.tier }).from(registrants).where(eq(registrants.id, registrantId)).for('update');
  const active = await tx
    .select({ pass: purchases.pass })
    .from(purchases)
    .where(and(eq(purchases.registrantId, registrantId), eq(purchases.status, 'active')));
  const to = tierFromPasses(active.map((row) => row.pass));
  const from = current?.tier ?? 'free';
  if (from !== to) await tx.update(registrants).set({ tier: to }).where(eq(registrants.id, registrantId));
  return { from, to };
}

export async function grantPass(
  tx: Database,
  registrantId: number,
  pass: NewPass,
): Promise<{ purchaseId: number; from: RegistrantTier; to: RegistrantTier }> {
  const [row] = await tx
    .insert(purchases)
    .values({
      registrantId,
      pass: pass.pass,
      source: pass.source,
      amount: pass.amount ?? null,
      currency: pass.currency ?? null,
      providerEventId: pass.providerEventId ?? null,
      paymentRef: pass.paymentRef ?? null,
      test: pass.test ?? false,
      tax: pass.tax ?? null,
      receiptUrl: pass.receiptUrl ?? null,
    })
    .returning({ id: purchases.id });
  const cause = pass.source === 'provider' ? 'payment' : 'admin';
  await recordRegistrantEvent(tx, { type: 'pass.granted', registrantId, now: new Date(), data: { pass: pass.pass, cause } });
  return { purchaseId: row!.id, ...(await recomputeTier(tx, registrantId)) };
}

/** Ends the active purchases made with these payments; returns the registrants whose passes changed. */
export async function takeBackPayments({
  tx,
  paymentRefs,
  status,
  at,
}: {
  tx: Database;
  paymentRefs: string[];
  status: 'refunded' | 'disputed';
  at: Date;
}): Promise<number[]> {
  if (!paymentRefs.length) return [];
  const ended = await tx
    .update(purchases)
    .set({ status, endedAt: at })
    .where(and(inArray(purchases.paymentRef, paymentRefs), eq(purchases.status, 'active')))
    .returning({ registrantId: purchases.registrantId, pass: purchases.pass });
  const cause = status === 'refunded' ? 'refund' : 'dispute';
  for (const row of ended) {
    await recordRegistrantEvent(tx, { type: 'pass.revoked', registrantId: row.registrantId, now: at, data: { pass: row.pass, cause } });
  }
  const ids = [...new Set(ended.map((row) => row.registrantId))];
  for (const id of ids) await recomputeTier(tx, id);
  return ids;
}

/** Removes one active purchase of the registrant by hand (the admin). */
export async function removePass({
  tx,
  registrantId,
  purchaseId,
  at,
}: {
  tx: Database;
  registrantId: number;
  purchaseId: number;
  at: Date;
}): Promise<boolean> {
  const ended = await tx
    .update(purchases)
    .set({ status: 'removed', endedAt: at })
    .where(and(eq(purchases.id, purchaseId), eq(purchases.registrantId, registrantId), eq(purchases.status, 'active')))
    .returning({ id: purchases.id, pass: purchases.pass });
  if (!ended[0]) return false;
  await recordRegistrantEvent(tx, { type: 'pass.revoked', registrantId, now: at, data: { pass: ended[0].pass, cause: 'admin' } });
  await recomputeTier(tx, registrantId);
  return true;
}

export async function purchasesOf(tx: Database, registrantId: number) {
  return tx.select().from(purchases).where(eq(purchases.registrantId, registrantId)).orderBy(purchases.createdAt, purchases.id);
}

/**
 * grantPass for many registrants at once (the registrant import, docs/decisions/0062): one insert
 * for the purchases, one read of the active passes and one update per resulting tier, and
 * pass.granted for each only when an endpoint wants it, in place of grantPass's statements per
 * registrant. Returns each new purchase, for the pass e-mails.
 */
export async function grantPasses(
  tx: Database,
  grants: readonly { registrantId: number; pass: PassKind; source: NewPass['source'] }[],
): Promise<{ registrantId: number; purchaseId: number }[]> {
  if (!grants.length) return [];
  const made = await tx
    .insert(purchases)
    .values(grants.map((grant) => ({ registrantId: grant.registrantId, pass: grant.pass, source: grant.source })))
    .returning({ id: purchases.id, registrantId: purchases.registrantId, pass: purchases.pass, source: purchases.source });
  const ids = [...new Set(made.map((row) => row.registrantId))];
  const active = await tx
    .select({ registrantId: purchases.registrantId, pass: purchases.pass })
    .from(purchases)
    .where(and(inArray(purchases.registrantId, ids), eq(purchases.status, 'active')));
  const held = Map.groupBy(active, (row) => row.registrantId);
  const byTier = Map.groupBy(ids, (id) => tierFromPasses((held.get(id) ?? []).map((row) => row.pass)));
  for (const [tier, tierIds] of byTier) await tx.update(registrants).set({ tier }).where(inArray(registrants.id, tierIds));
  if (await anyEndpointWants(tx, 'pass.granted')) {
    for (const row of made) {
      const cause = row.source === 'provider' ? 'payment' : 'admin';
      await recordRegistrantEvent(tx, {
        type: 'pass.granted',
        registrantId: row.registrantId,
        now: new Date(),
        data: { pass: row.pass, cause },
      });
    }
  }
  return made.map((row) => ({ registrantId: row.registrantId, purchaseId: row.id }));
}
