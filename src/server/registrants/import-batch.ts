/**
 * One batch of an import's rows (docs/decisions/0062): matched to the registrants already there by
 * e-mail within their edition in one query, decided (added, updated, unchanged), and, unless it is
 * the dry run, written: the new registrants in one multi-row insert, the changed ones one by one
 * (an import of a file already imported changes nothing, so writes only what differs). Passes go
 * through grantPasses, the admin's grantPass for a batch (src/server/payments/passes.ts), with the
 * admin as their source.
 * E-mails (the confirmation, the pass confirmation) are queued only when the host chose to send them.
 * Each row's registration.created and registrant.updated are recorded only when the host asked for
 * them row by row (a consent withdrawn always is: the lists must unsubscribe them); otherwise the
 * import reports itself once, as registrants.imported (docs/decisions/0076).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { ImportRow } from '../../domain/registrants/import-row.ts';
import { marketingConsentWording } from '../../domain/registration.ts';
import type { PassKind } from '../../domain/passes.ts';
import type { Database } from '../db/client.ts';
import { mailPreferences, purchases, registrants } from '../db/schema.ts';
import { queueEventMessages } from '../outbound/event-mail.ts';
import { grantPasses } from '../payments/passes.ts';
import { noSource } from '../attribution/registration-source.ts';
import { anyEndpointWants, recordEvents, type RecordedEvent } from '../webhooks/record-event.ts';
import { recordRegistrantEvent } from '../webhooks/registrant-events.ts';
import { recordConsents } from '../consents/consent-records.ts';

export interface ImportEdition {
  id: number;
  slug: string;
  consentWording: string;
}

export interface ReadRow {
  number: number;
  row: ImportRow;
  edition: ImportEdition;
}

export type ImportChange = 'name' | 'consent' | 'pass';

export interface Decided extends ReadRow {
  outcome: 'added' | 'updated' | 'unchanged';
  changes: ImportChange[];
  existing: Existing | null;
}

interface Existing {
  id: number;
  firstName: string;
  consentedAt: Date | null;
  passes: Set<PassKind>;
}

/** Due at once on whichever clock the mail worker reads (a test may have moved the request's), as registerAttendee queues. */
const due = (now: Date) => new Date(Math.min(now.getTime(), Date.now()));

export function consentWordingOf(consentTopics: string): string {
  return marketingConsentWording(consentTopics);
}

async function findExisting(db: Database, rows: readonly ReadRow[]): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  const byEdition = Map.groupBy(rows, (row) => row.edition.id);
  for (const [editionId, group] of byEdition) {
    const emails = group.map((row) => row.row.email);
    const known = await db
      .select({ id: registrants.id, email: registrants.email, firstName: registrants.firstName, consentedAt: registrants.consentedAt })
      .from(registrants)
      .where(and(eq(registrants.editionId, editionId), inArray(registrants.email, emails)));
    for (const row of known) found.set(`${editionId}:${row.email}`, { ...row, passes: new Set() });
  }
  const byId = new Map([...found.values()].map((row) => [row.id, row]));
  if (byId.size) {
    const held = await db
      .select({ registrantId: purchases.registrantId, pass: purchases.pass })
      .from(purchases)
      .where(and(inArray(purchases.registrantId, [...byId.keys()]), eq(purchases.status, 'active')));
    for (const row of held) byId.get(row.registrantId)?.passes.add(row.pass);
  }
  return found;
}

/** What each row would do against the registrants as they are. */
export async function decideBatch(db: Database, rows: readonly ReadRow[]): Promise<Decided[]> {
  const existing = await findExisting(db, rows);
  return rows.map((read) => {
    const known = existing.get(`${read.edition.id}:${read.row.email}`) ?? null;
    if (!known) return { ...read, outcome: 'added', changes: [], existing: null };
    const changes: ImportChange[] = [];
    if (read.row.name !== known.firstName) changes.push('name');
    if (read.row.consent !== null && read.row.consent !== (known.consentedAt !== null)) changes.push('consent');
    if (read.row.pass && !known.passes.has(read.row.pass)) changes.push('pass');
    return { ...read, outcome: changes.length ? 'updated' : 'unchanged', changes, existing: known };
  });
}

export interface WriteOptions {
  now: Date;
  sendEmail: boolean;
  /** Each row's own event (registration.created, registrant.updated) rather than the import's one registrants.imported. */
  eachRow: boolean;
  /** Recorded on every registrant the import adds or changes, so the API can list them. */
  importId: number;
}

type PassGrant = { registrantId: number; pass: PassKind };

/** Writes a decided batch in the caller's transaction; returns how many e-mails were queued. */
export async function writeBatch(tx: Database, rows: readonly Decided[], options: WriteOptions): Promise<number> {
  const passes: PassGrant[] = [];
  const added = rows.filter((row) => row.outcome === 'added');
  let queued = added.length ? await insertNew(tx, { rows: added, passes }, options) : 0;
  const changed: number[] = [];
  for (const row of rows) {
    if (row.outcome !== 'updated') continue;
    await updateKnown(tx, row, options);
    changed.push(row.existing!.id);
    if (row.changes.includes('pass') && row.row.pass) passes.push({ registrantId: row.existing!.id, pass: row.row.pass });
  }
  if (changed.length) await tx.update(registrants).set({ importId: options.importId }).where(inArray(registrants.id, changed));
  // The admin's grant, for the whole batch at once (grantPasses: the pass, the tier, pass.granted).
  const granted = await grantPasses(
    tx,
    passes.map((grant) => ({ ...grant, source: 'admin' as const })),
  );
  if (options.sendEmail) {
    for (const { registrantId, purchaseId } of granted) {
      queued += await queueEventMessages({
        db: tx,
        registrantId,
        event: 'pass-purchase',
        eventRef: `purchase:${purchaseId}`,
        now: due(options.now),
      });
    }
  }
  return queued;
}

async function insertNew(
  tx: Database,
  { rows, passes }: { rows: readonly Decided[]; passes: PassGrant[] },
  { now, sendEmail, eachRow, importId }: WriteOptions,
): Promise<number> {
  const inserted = await tx
    .insert(registrants)
    .values(
      rows.map(({ row, edition }) => ({
        editionId: edition.id,
        email: row.email,
        firstName: row.name,
        createdAt: row.registeredAt ?? now,
        importId,
        ...(row.consent ? { consentedAt: row.registeredAt ?? now, consentWording: edition.consentWording } : {}),
      })),
    )
    .onConflictDoNothing({ target: [registrants.editionId, registrants.email] })
    .returning({
      id: registrants.id,
      email: registrants.email,
      editionId: registrants.editionId,
      consentedAt: registrants.consentedAt,
      consentWording: registrants.consentWording,
    });
  const ids = new Map(inserted.map((row) => [`${row.editionId}:${row.email}`, row]));
  await recordConsents(
    tx,
    inserted
      .filter((made) => made.consentedAt !== null)
      .map((made) => ({
        registrantId: made.id,
        editionId: made.editionId,
        topic: 'marketing' as const,
        choice: 'given' as const,
        wording: made.consentWording,
        source: 'import' as const,
        at: made.consentedAt!,
      })),
  );
  const announce = eachRow && (await anyEndpointWants(tx, 'registration.created'));
  const events: RecordedEvent<'registration.created'>[] = [];
  let queued = 0;
  for (const decided of rows) {
    const { row, edition } = decided;
    const made = ids.get(`${edition.id}:${row.email}`);
    if (!made) {
      // Registered in the meantime (the form, another import): left as it is, and reported so.
      decided.outcome = 'unchanged';
      continue;
    }
    if (row.pass) passes.push({ registrantId: made.id, pass: row.pass });
    if (announce) {
      events.push({
        type: 'registration.created',
        editionId: edition.id,
        now,
        data: {
          registrantId: made.id,
          editionSlug: edition.slug,
          email: row.email,
          firstName: row.name,
          consent: { marketing: made.consentedAt !== null, consentedAt: made.consentedAt?.toISOString() ?? null },
          source: noSource,
        },
      });
    }
    if (sendEmail)
      queued += await queueEventMessages({ db: tx, registrantId: made.id, event: 'registration', eventRef: 'registered', now: due(now) });
  }
  // The batch's registration.created in one statement (recordEvents), in the order of the rows.
  await recordEvents(tx, events);
  return queued;
}

async function updateKnown(tx: Database, decided: Decided, options: WriteOptions): Promise<void> {
  const { row, edition, changes } = decided;
  const known = decided.existing!;
  const set: Partial<typeof registrants.$inferInsert> = {};
  if (changes.includes('name')) set.firstName = row.name;
  if (changes.includes('consent')) {
    Object.assign(
      set,
      row.consent ? { consentedAt: options.now, consentWording: edition.consentWording } : { consentedAt: null, consentWording: null },
    );
    // Agreeing again undoes an earlier unsubscribe, as the API's and the preferences page's opt-in do.
    if (row.consent) await tx.update(mailPreferences).set({ unsubscribedAt: null }).where(eq(mailPreferences.registrantId, known.id));
  }
  if (!Object.keys(set).length) return;
  await tx.update(registrants).set(set).where(eq(registrants.id, known.id));
  if (changes.includes('consent')) {
    const record = row.consent
      ? { choice: 'given' as const, wording: edition.consentWording }
      : { choice: 'withdrawn' as const, wording: null };
    await recordConsents(tx, [
      { registrantId: known.id, editionId: edition.id, topic: 'marketing', source: 'import', at: options.now, ...record },
    ]);
  }
  // A consent withdrawn is always its own event: the list tools must unsubscribe them (docs/decisions/0070).
  if (options.eachRow || (changes.includes('consent') && !row.consent)) {
    const consentedAt = set.consentedAt === undefined ? known.consentedAt : set.consentedAt;
    await recordRegistrantEvent(tx, {
      type: 'registrant.updated',
      registrantId: known.id,
      now: options.now,
      data: { consent: { marketing: consentedAt !== null, consentedAt: consentedAt?.toISOString() ?? null } },
    });
  }
}
