/**
 * The daily retention run (docs/PRODUCT.md "Retention", docs/decisions/0085): for each edition whose
 * retention is on and due, what src/domain/retention/retention-due.ts says is due is done in one
 * transaction per edition: registrants erased through the one erasure path or anonymised, buyers'
 * names and e-mails removed from purchases whose legal period is over (amounts, taxes, invoices
 * and refunds are never touched), and one audit entry saying what was done. A run with nothing
 * due changes and writes nothing, so several processes on one Postgres may run it together (the
 * edition's row is locked for the run).
 */
import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import {
  nextRemoval,
  retentionDue,
  retentionDueAt,
  type KeptRegistrant,
  type RetentionEdition,
} from '../../domain/retention/retention-due.ts';
import { nextRemovalText } from '../../domain/retention/next-removal-text.ts';
import type { Database } from '../db/client.ts';
import { editions, purchases, registrants } from '../db/schema.ts';
import { recordAuditBy } from '../audit/audit-log.ts';
import { readStoredSettings } from '../../domain/edition-settings/read-settings.ts';
import { neutralSettings } from '../../domain/edition-template.ts';
import { eraseRegistrantIn } from '../registrants/registrant-admin.ts';
import { forgetFeedKeys } from '../feed/feed-access.ts';
import { anonymiseRegistrantIn } from './anonymise-registrant.ts';

/** Who the audit log names for the run's changes. */
export const RETENTION_ACTOR = 'Retention (daily job)';

export interface RetentionRun {
  editionId: number;
  erased: number;
  anonymised: number;
  buyersRemoved: number;
  /** Registrants were left for the next run (at most MOST_PER_RUN are done in one). */
  more: boolean;
}

/**
 * Every edition with its retention, read through the one settings reader of the domain. A stored
 * retention that cannot be read counts as the neutral template's, off: nothing is removed on a
 * guess (the edition screen lists the unreadable part until the form is saved).
 */
export async function retentionEditions(db: Pick<Database, 'select'>, editionId?: number): Promise<RetentionEdition[]> {
  const rows = await db
    .select({
      id: editions.id,
      slug: editions.slug,
      summitEndDate: editions.summitEndDate,
      timezone: editions.timezone,
      settings: editions.settings,
    })
    .from(editions)
    .where(editionId === undefined ? undefined : eq(editions.id, editionId));
  return rows.map((row) => ({
    ...row,
    retention: readStoredSettings(row.settings, () => neutralSettings({ supportEmail: '' })).settings.retention,
  }));
}

/**
 * The edition's registrants the rule may still act on: those not anonymised, and the anonymised
 * ones whose purchases still hold the buyer's details. Everyone else is done with.
 */
export async function keptRegistrants(db: Pick<Database, 'select'>, editionId: number): Promise<KeptRegistrant[]> {
  const rows = await db
    .select({
      id: registrants.id,
      anonymisedAt: registrants.anonymisedAt,
      purchaseId: purchases.id,
      purchasedAt: purchases.createdAt,
      buyerEmail: purchases.buyerEmail,
    })
    .from(registrants)
    .leftJoin(purchases, eq(purchases.registrantId, registrants.id))
    .where(and(eq(registrants.editionId, editionId), or(isNull(registrants.anonymisedAt), isNotNull(purchases.buyerEmail))));
  const byId = new Map<number, KeptRegistrant & { purchases: KeptRegistrant['purchases'][number][] }>();
  for (const row of rows) {
    const person = byId.get(row.id) ?? { id: row.id, editionId, anonymised: row.anonymisedAt !== null, purchases: [] };
    byId.set(row.id, person);
    if (row.purchaseId !== null && row.purchasedAt)
      person.purchases.push({ id: row.purchaseId, createdAt: row.purchasedAt, holdsBuyer: row.buyerEmail !== null });
  }
  return [...byId.values()];
}

/**
 * The most registrants one run erases or anonymises in an edition, so its transaction stays short
 * on a large edition; the housekeeping runs again at its next sweep until nothing is left.
 */
export const MOST_PER_RUN = 500;
/** Purchases cleared per statement (a statement takes at most 65,535 parameters). */
const PURCHASES_PER_STATEMENT = 1000;

async function removeBuyers(tx: Database, ids: readonly number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += PURCHASES_PER_STATEMENT)
    await tx
      .update(purchases)
      .set({ buyerName: null, buyerEmail: null })
      .where(inArray(purchases.id, ids.slice(start, start + PURCHASES_PER_STATEMENT)));
}

async function runEdition(
  db: Database,
  edition: RetentionEdition,
  { now, mostPerRun }: { now: Date; mostPerRun: number },
): Promise<RetentionRun> {
  return db.transaction(async (tx) => {
    await tx.select({ id: editions.id }).from(editions).where(eq(editions.id, edition.id)).for('update');
    const due = retentionDue(edition, await keptRegistrants(tx, edition.id), now);
    const erase = due.erase.slice(0, mostPerRun);
    const anonymise = due.anonymise.slice(0, mostPerRun - erase.length);
    const more = erase.length + anonymise.length < due.erase.length + due.anonymise.length;
    let erased = 0;
    for (const id of erase) if ((await eraseRegistrantIn(tx, { admin: RETENTION_ACTOR, editionId: edition.id, id })).ok) erased++;
    let anonymised = 0;
    for (const id of anonymise) if (await anonymiseRegistrantIn(tx, { editionId: edition.id, id, now })) anonymised++;
    // Buyers' details go once every registrant is anonymised (an anonymising copies them onto the purchases first).
    const buyers = more ? [] : due.stripBuyer;
    await removeBuyers(tx, buyers);
    const run = { editionId: edition.id, erased, anonymised, buyersRemoved: buyers.length, more };
    if (erased || anonymised || run.buyersRemoved)
      await recordAuditBy(tx, RETENTION_ACTOR, {
        action: 'delete',
        entityType: 'editions',
        entityId: edition.id,
        summary: `Retention: erased ${erased}, anonymised ${anonymised} registrants; removed the buyer’s name and e-mail from ${run.buyersRemoved} purchases`,
        details: { editionId: edition.id, mode: edition.retention.mode, erased, anonymised, buyersRemoved: run.buyersRemoved },
      });
    return run;
  });
}

/**
 * Does what is due at `now` in every edition; returns what each edition's run did (`more`: it
 * stopped at `mostPerRun` registrants and the next run goes on).
 */
export async function applyRetention(db: Database, now: Date, { mostPerRun = MOST_PER_RUN } = {}): Promise<RetentionRun[]> {
  const runs: RetentionRun[] = [];
  for (const edition of await retentionEditions(db)) {
    const dueAt = retentionDueAt(edition);
    if (!dueAt || now < dueAt) continue;
    runs.push(await runEdition(db, edition, { now, mostPerRun }));
  }
  // Erased and anonymised registrants' feed keys end: no remembered lookup may outlive them.
  if (runs.some((run) => run.erased || run.anonymised)) forgetFeedKeys();
  return runs;
}

/** The admin's line on what the edition's retention removes next and when (the edition screen). */
export async function nextRemovalOf(db: Pick<Database, 'select'>, editionId: number, now: Date): Promise<string> {
  const [edition] = await retentionEditions(db, editionId);
  if (!edition) return '';
  const next = edition.retention.mode === 'off' ? nextRemoval(edition, []) : nextRemoval(edition, await keptRegistrants(db, editionId));
  return nextRemovalText(next, { now, timeZone: edition.timezone });
}
