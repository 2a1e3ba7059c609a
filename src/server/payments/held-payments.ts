/**
 * Held payments: paid checkouts the webhook could not grant as they came (no registration matched,
 * another currency, another edition's registrant, an amount not above zero), each with its reason.
 * The admin sees them on every screen until each is assigned: the admin names the edition and
 * the address, the registration is found or made there, and the pass is granted exactly as the
 * webhook grants it (incoming-events.ts applyGrant: one pass per payment, a refund that came first
 * keeps it taken back, the pass confirmation e-mail).
 */
import { recordedMoney } from '../../domain/money.ts';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { isEmailAddress } from '../../domain/email-address.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { unchanged, writeContent, type WriteOutcome } from '../audit/content-write.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { editions, heldPayments, registrants } from '../db/schema.ts';
import { wakeOutbound } from '../outbound/wake.ts';
import { applyGrant } from './incoming-events.ts';
import { tierNamesOfEdition, type TierNames } from './pass-names.ts';
import { PASS_LABELS } from '../../domain/passes.ts';
import type { HeldPaymentRow } from '../../domain/payments/held-payment.ts';
import { buyerFirstName } from '../../domain/one-line-name.ts';

export type HeldPayment = typeof heldPayments.$inferSelect;

export async function listHeldPayments(db: Database): Promise<HeldPayment[]> {
  return db.select().from(heldPayments).where(isNull(heldPayments.assignedAt)).orderBy(asc(heldPayments.heldAt), asc(heldPayments.id));
}

export async function countHeldPayments(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(heldPayments).where(isNull(heldPayments.assignedAt));
  return Number(row?.n ?? 0);
}

const assignSchema = z.object({
  id: z.coerce.number().int().positive(),
  edition: z.string().min(1, 'Choose the edition.'),
  email: z.string().trim().toLowerCase().refine(isEmailAddress, 'Enter the buyer’s e-mail address.'),
});

export type AssignResult = { ok: true; message: string } | { ok: false; message: string };

/** Finds the address's registration in the edition, or registers it (as the webhook does for a new buyer). */
async function registrationFor(tx: Database, editionId: number, buyer: { name: string | null; email: string }): Promise<number> {
  const [known] = await tx
    .select({ id: registrants.id })
    .from(registrants)
    .where(and(eq(registrants.editionId, editionId), eq(registrants.email, buyer.email)))
    .limit(1);
  if (known) return known.id;
  const [created] = await tx
    .insert(registrants)
    .values({ editionId, email: buyer.email, firstName: buyerFirstName(buyer.name) })
    .returning({ id: registrants.id });
  return created!.id;
}

/** Assigns a held payment (the form's id, edition and email) to a registration and grants its pass. */
export async function assignHeldPayment({
  handle,
  admin,
  form,
  now,
}: {
  handle: DbHandle;
  admin: AdminUser;
  form: FormData;
  /** The request's clock (requestNow). */
  now: Date;
}): Promise<AssignResult> {
  const parsed = assignSchema.safeParse(Object.fromEntries(['id', 'edition', 'email'].map((name) => [name, form.get(name) ?? ''])));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Check the form.' };
  const { id, edition: slug, email } = parsed.data;
  const result = await writeContent(handle, admin, async (tx): Promise<WriteOutcome<AssignResult>> => {
    const [held] = await tx.select().from(heldPayments).where(eq(heldPayments.id, id)).for('update');
    if (!held || held.assignedAt) return unchanged({ ok: false, message: 'That payment was assigned already.' });
    const [edition] = await tx.select({ id: editions.id, name: editions.name }).from(editions).where(eq(editions.slug, slug));
    if (!edition) return unchanged({ ok: false, message: 'Choose one of the editions.' });
    const registrantId = await registrationFor(tx, edition.id, { name: held.name, email });
    const change = { kind: 'grant' as const, ...held, registrantId, email, edition: slug };
    const outcome = await applyGrant({ tx, event: { id: held.eventId, type: 'admin.assign', object: null, test: held.test }, change, now });
    await tx.update(heldPayments).set({ assignedAt: now, assignedRegistrantId: registrantId }).where(eq(heldPayments.id, id));
    const granted = outcome.result === 'granted';
    const pass = (await tierNamesOfEdition(tx, slug))[held.pass];
    const message = granted
      ? `Assigned the ${pass} to ${email} in ${edition.name}; the pass confirmation is on its way.`
      : `Assigned the payment to ${email} in ${edition.name}; no pass was granted (${outcome.result === 'already-taken-back' ? 'it was refunded or disputed' : 'it was granted already'}).`;
    return {
      result: { ok: true, message },
      audit: {
        action: 'update',
        entityType: 'held-payments',
        entityId: id,
        summary: `Assigned a held ${pass} payment to registrant #${registrantId} (${email}, ${slug})`,
        details: { paymentRef: held.paymentRef, registrantId, outcome: outcome.result },
      },
    };
  });
  if (result.ok) wakeOutbound();
  return result;
}

/**
 * The admin screen's rows: what the provider sent, as text. The pass is named as the edition the
 * checkout names calls it, else the home page's edition (the one assigning defaults to), as the
 * assignment's own message names it (decision 0042).
 */
export async function heldPaymentRows(db: Database, held: HeldPayment[]): Promise<HeldPaymentRow[]> {
  const slugs = [...new Set(held.map((row) => row.edition))];
  const names = new Map<string | null, TierNames>(
    await Promise.all(slugs.map(async (slug) => [slug, await tierNamesOfEdition(db, slug)] as const)),
  );
  return held.map((row) => ({
    id: row.id,
    pass: names.get(row.edition)?.[row.pass] ?? PASS_LABELS[row.pass],
    email: row.email ?? '',
    name: row.name ?? '',
    edition: row.edition ?? '',
    amount: row.amount === null ? 'amount unknown' : recordedMoney(row.amount, row.currency),
    heldAt: row.heldAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    reason: row.reason ?? '',
    test: row.test,
  }));
}
