/**
 * "Mark paid" and "Adjustment" on Admin → Affiliates (docs/PRODUCT.md "Affiliates"; decision 0066):
 * each is one row of the commission ledger, written with its audit entry in one transaction. The
 * form's token is the row's cause key, so a form sent twice (a double click, a reload) books once.
 * A payout is checked against the approved balance read inside the transaction, with the
 * affiliate's rows locked against a second payout running at the same moment.
 */
import { and, eq, sql } from 'drizzle-orm';
import { balancesOf } from '../../domain/affiliates/balances.ts';
import { dayIn, payoutInstant, readAdjustment, readPayout, type FieldErrors } from '../../domain/affiliates/ledger-input.ts';
import { formatMoney } from '../../domain/money.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Database } from '../db/client.ts';
import { commissionEntries } from '../db/schema.ts';
import type { ShareLink } from '../attribution/share-links.ts';
import { ledgerPerLink } from './affiliate-figures.ts';

export interface LedgerFormOutcome {
  message?: string;
  problem?: string;
  errors?: FieldErrors<string>;
}

export interface LedgerWrite {
  admin: AdminUser;
  edition: { id: number; slug: string; timezone: string; currency: string };
  link: ShareLink;
  now: Date;
}

const REFUSED = 'Nothing was recorded: see the fields below.';

async function lockLink(tx: Database, linkId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('commission_entries'), ${linkId})`);
}

async function booked(tx: Database, causeKey: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: commissionEntries.id })
    .from(commissionEntries)
    .where(eq(commissionEntries.causeKey, causeKey))
    .limit(1);
  return Boolean(row);
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/** One 'payout' row of the amount paid (positive), dated the day paid, with its reference. */
export async function markPaid(db: Database, write: LedgerWrite, form: FormData): Promise<LedgerFormOutcome> {
  const { admin, edition, link, now } = write;
  const token = text(form, 'token');
  const causeKey = `payout:${token}`;
  return db.transaction(async (tx) => {
    await lockLink(tx, link.id);
    // A second submission of the same form: already booked, and not to be refused as over the balance it lowered.
    if (await booked(tx, causeKey)) return { message: `That payout to ${link.name} was already recorded; nothing was added.` };
    const rows = (await ledgerPerLink(tx, edition.id, link.id)).get(link.id) ?? [];
    const { approved } = balancesOf(rows, now);
    const typed = { amount: text(form, 'amount'), reference: text(form, 'reference'), date: text(form, 'date'), token };
    const read = readPayout(
      { ...typed, advance: form.get('advance') !== null },
      {
        currency: edition.currency,
        approved,
        today: dayIn(now, edition.timezone),
      },
    );
    if (!read.ok) return { problem: REFUSED, errors: read.errors };
    const payout = read.value;
    await tx.insert(commissionEntries).values({
      editionId: edition.id,
      shareLinkId: link.id,
      cause: 'payout',
      amount: payout.amount,
      currency: edition.currency,
      causeKey,
      reference: payout.reference,
      occurredAt: payoutInstant(payout.date),
    });
    const paid = formatMoney(payout.amount, edition.currency);
    await recordAudit(tx, admin, {
      action: 'create',
      entityType: 'affiliates',
      entityId: link.id,
      summary: `Recorded a payout of ${paid} to ${link.name} on ${payout.date}, reference ${payout.reference} (${edition.slug})`,
      details: { causeKey, amount: payout.amount, currency: edition.currency, date: payout.date, reference: payout.reference },
    });
    return { message: `Recorded ${paid} paid to ${link.name} on ${payout.date}.` };
  });
}

/** One 'adjustment' row (signed), approved at once, with the reason the affiliate will read. */
export async function adjustCommission(db: Database, write: LedgerWrite, form: FormData): Promise<LedgerFormOutcome> {
  const { admin, edition, link, now } = write;
  const read = readAdjustment({ amount: text(form, 'amount'), reason: text(form, 'reason'), token: text(form, 'token') }, edition.currency);
  if (!read.ok) return { problem: REFUSED, errors: read.errors };
  const adjustment = read.value;
  const causeKey = `adjustment:${adjustment.token}`;
  const amount = formatMoney(adjustment.amount, edition.currency);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(commissionEntries)
      .values({
        editionId: edition.id,
        shareLinkId: link.id,
        cause: 'adjustment',
        amount: adjustment.amount,
        currency: edition.currency,
        approvesAt: now,
        causeKey,
        reference: adjustment.reason,
        occurredAt: now,
      })
      .onConflictDoNothing({ target: commissionEntries.causeKey })
      .returning({ id: commissionEntries.id });
    if (!row) return { message: `That adjustment for ${link.name} was already recorded; nothing was added.` };
    await recordAudit(tx, admin, {
      action: 'create',
      entityType: 'affiliates',
      entityId: link.id,
      summary: `Adjusted the commission of ${link.name} by ${amount}: ${adjustment.reason} (${edition.slug})`,
      details: { causeKey, amount: adjustment.amount, currency: edition.currency, reason: adjustment.reason },
    });
    return { message: `Adjusted ${link.name}’s commission by ${amount}.` };
  });
}

/** Whether any ledger row names the link (a partner with rows is kept: they are the money's history). */
export async function ledgerRowCount(db: Database, { editionId, linkId }: { editionId: number; linkId: number }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(commissionEntries)
    .where(and(eq(commissionEntries.editionId, editionId), eq(commissionEntries.shareLinkId, linkId)));
  return Number(row?.n ?? 0);
}
