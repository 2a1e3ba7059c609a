/**
 * How prices read for one visitor (docs/decisions/0064): the edition's currency, time zone and
 * language, the moment, and for a Replay holder what they paid for it, so All Access is offered
 * and charged for the difference.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Edition } from '../../domain/edition.ts';
import type { RegistrantTier } from '../../domain/entities.ts';
import { readerPricing, type Pricing } from '../../domain/offers.ts';
import type { Database } from '../db/client.ts';
import { purchases } from '../db/schema.ts';

/** A Replay holder's upgrade: what they paid for Replay, and the purchase it was (null: granted without one). */
export interface ReplayHeld {
  paid: number;
  purchaseId: number | null;
}

/**
 * What a Replay holder paid for it: their latest active Replay purchase's amount less what was
 * refunded of it, else (a pass granted without a payment) the edition's Replay price.
 */
export async function replayHeld(db: Database, registrantId: number, replayPrice: number): Promise<ReplayHeld> {
  const [row] = await db
    .select({ id: purchases.id, amount: purchases.amount, refunded: purchases.refunded })
    .from(purchases)
    .where(and(eq(purchases.registrantId, registrantId), eq(purchases.pass, 'replay'), eq(purchases.status, 'active')))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(1);
  if (!row) return { paid: replayPrice, purchaseId: null };
  return { paid: row.amount === null ? replayPrice : Math.max(0, row.amount - row.refunded), purchaseId: row.id };
}

/**
 * What each of these Replay holders paid for it, as replayHeld reads it (their latest active
 * Replay purchase less refunds), in one query for a batch of e-mails; absent: no such purchase.
 */
export async function replayPaidBy(db: Database, registrantIds: number[]): Promise<Map<number, number>> {
  const paid = new Map<number, number>();
  const seen = new Set<number>();
  if (!registrantIds.length) return paid;
  const rows = await db
    .select({ registrantId: purchases.registrantId, amount: purchases.amount, refunded: purchases.refunded })
    .from(purchases)
    .where(and(inArray(purchases.registrantId, registrantIds), eq(purchases.pass, 'replay'), eq(purchases.status, 'active')))
    .orderBy(desc(purchases.createdAt), desc(purchases.id));
  for (const row of rows) {
    // The first row of each is their latest; one without an amount counts as the pass's price (absent).
    if (seen.has(row.registrantId)) continue;
    seen.add(row.registrantId);
    if (row.amount !== null) paid.set(row.registrantId, Math.max(0, row.amount - row.refunded));
  }
  return paid;
}

/**
 * The pricing of the edition's offers at `now` for a visitor (a signed-in registrant, or null):
 * a registrant reads an early price's deadline in their own zone (readerPricing).
 */
export async function pricingFor(
  db: Database,
  edition: Edition,
  { now, registrant }: { now: Date; registrant: { id: number; tier: RegistrantTier; timeZone?: string | null } | null },
): Promise<Pricing> {
  const replay = registrant?.tier === 'replay' ? await replayHeld(db, registrant.id, edition.settings.upgrade.replay.price) : null;
  return readerPricing(edition, now, { readerZone: registrant?.timeZone ?? null, replayPaid: replay?.paid ?? null });
}
