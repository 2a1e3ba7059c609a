/**
 * An edition's registrants as the admin reads them (decision 0034): per registrant their
 * tier, passes and refunds, marketing consent (when, and the words agreed to), whether they
 * unsubscribed, and their time zone; one page of the list, or every match as CSV.
 */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PassKind } from '../../domain/passes.ts';
import { tierNamesOfEditionId, type TierNames } from '../payments/pass-names.ts';
import type { Database } from '../db/client.ts';
import { mailPreferences, registrants } from '../db/schema.ts';
import { csvDownload, spreadsheetCsv } from '../csv/spreadsheet-csv.ts';
import type { RegistrantsQuery } from './registrant-admin.ts';
import type { RegistrantListRow } from '../../domain/registrants/registrant-list-row.ts';

export const REGISTRANTS_PAGE_SIZE = 25;

export interface RegistrantsPage {
  rows: RegistrantListRow[];
  /** Registrants matching the search, over every page. */
  total: number;
  /** The page shown: the one asked for, or the last one when it asked past the end. */
  page: number;
  /** At least 1, so an empty list reads "Page 1 of 1". */
  pageCount: number;
  pageSize: number;
  /** The edition's names for its tiers (decision 0042): the tier column and the tier choice say them. */
  tierNames: TierNames;
}

/** `%` and `_` (and the escape character itself) match only themselves. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function matching(editionId: number, q: string): SQL {
  const inEdition = eq(registrants.editionId, editionId);
  if (!q) return inEdition;
  const pattern = `%${escapeLikePattern(q)}%`;
  // Backslash is the default escape character of LIKE/ILIKE in Postgres (and PGlite).
  return and(inEdition, or(ilike(registrants.firstName, pattern), ilike(registrants.email, pattern)))!;
}

const NEWEST_FIRST = [desc(registrants.createdAt), desc(registrants.id)];

type Purchase = { pass: PassKind; status: 'active' | 'refunded' | 'disputed' | 'removed' };

const listColumns = {
  id: registrants.id,
  firstName: registrants.firstName,
  email: registrants.email,
  tier: registrants.tier,
  createdAt: registrants.createdAt,
  consentedAt: registrants.consentedAt,
  consentWording: registrants.consentWording,
  unsubscribedAt: mailPreferences.unsubscribedAt,
  timeZone: mailPreferences.timeZone,
  // Every purchase of theirs in one value, oldest first: one query for the whole page.
  purchases: sql<Purchase[]>`coalesce((select json_agg(json_build_object('pass', p.pass, 'status', p.status) order by p.id)
    from purchases p where p.registrant_id = ${registrants.id}), '[]'::json)`,
};

function selectList(db: Database, where: SQL) {
  return db
    .select(listColumns)
    .from(registrants)
    .leftJoin(mailPreferences, eq(mailPreferences.registrantId, registrants.id))
    .where(where)
    .orderBy(...NEWEST_FIRST);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

type ListRecord = Awaited<ReturnType<typeof selectList>>[number];

/** A list row, its passes named as the edition names them. */
function toListRow(row: ListRecord, names: TierNames): RegistrantListRow {
  // PGlite hands json back parsed, the Postgres driver too; a string is parsed here all the same.
  const stored: unknown = row.purchases;
  const purchases = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Purchase[];
  return {
    id: row.id,
    firstName: row.firstName,
    email: row.email,
    tier: row.tier,
    registeredAt: row.createdAt.toISOString(),
    consentedAt: iso(row.consentedAt),
    consentWording: row.consentWording,
    unsubscribedAt: iso(row.unsubscribedAt),
    passes: purchases.filter((purchase) => purchase.status === 'active').map((purchase) => names[purchase.pass]),
    refunds: purchases
      .filter((purchase) => purchase.status === 'refunded' || purchase.status === 'disputed')
      .map((purchase) => `${names[purchase.pass]} (${purchase.status})`),
    timeZone: row.timeZone,
  };
}

/** One page of an edition's registrants, newest first. */
export async function listRegistrants(db: Database, editionId: number, query: RegistrantsQuery): Promise<RegistrantsPage> {
  const where = matching(editionId, query.q);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(registrants)
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / REGISTRANTS_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await selectList(db, where)
    .limit(REGISTRANTS_PAGE_SIZE)
    .offset((page - 1) * REGISTRANTS_PAGE_SIZE);
  const names = await tierNamesOfEditionId(db, editionId);
  return { rows: rows.map((row) => toListRow(row, names)), total, page, pageCount, pageSize: REGISTRANTS_PAGE_SIZE, tierNames: names };
}

// ---------------------------------------------------------------------------------------------
// CSV export

export const CSV_COLUMNS = [
  'firstName',
  'email',
  'tier',
  'registeredAt',
  'marketingConsentAt',
  'marketingConsentWording',
  'unsubscribedAt',
  'passes',
  'refunds',
  'timeZone',
] as const;

/** Every registrant of the edition matching the search (all pages), newest first, as CSV. */
export async function registrantsCsv(db: Database, editionId: number, q: string): Promise<string> {
  const names = await tierNamesOfEditionId(db, editionId);
  const rows = (await selectList(db, matching(editionId, q))).map((row) => toListRow(row, names));
  return spreadsheetCsv(
    CSV_COLUMNS,
    rows.map((row) => ({
      firstName: row.firstName,
      email: row.email,
      tier: row.tier,
      registeredAt: row.registeredAt,
      marketingConsentAt: row.consentedAt ?? '',
      marketingConsentWording: row.consentWording ?? '',
      unsubscribedAt: row.unsubscribedAt ?? '',
      passes: row.passes.join('; '),
      refunds: row.refunds.join('; '),
      timeZone: row.timeZone ?? '',
    })),
  );
}

/** registrants-august-2026-11-21.csv: the edition and the UTC day of the export. */
export function registrantsCsvFileName(editionSlug: string, now: Date): string {
  const slug = editionSlug.toLowerCase().replace(/[^a-z0-9-]+/g, '-') || 'edition';
  return `registrants-${slug}-${now.toISOString().slice(0, 10)}.csv`;
}

export function registrantsCsvResponse(csv: string, fileName: string): Response {
  return csvDownload(csv, fileName);
}
