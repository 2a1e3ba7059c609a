/**
 * Registrants as the API shows them (docs/decisions/0060): one registrant, or a page of them in
 * (updated_at, id) order after a cursor. A new registration or a change moves a row to the end, so
 * a client paging through never skips a row that existed when it started, and sees a changed one
 * again; `updated_since` asks only for rows changed since a time.
 */
import { and, asc, eq, gt, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { encodeCursor, type Cursor } from '../../domain/api/cursor.ts';
import type { registrantSchema } from '../../domain/api/schemas.ts';
import type { Database } from '../db/client.ts';
import { editions, purchases, registrants } from '../db/schema.ts';

export type RegistrantOut = z.output<typeof registrantSchema>;

/** updated_at as text with its microseconds: the cursor must name the exact value. */
const updatedText = sql<string>`to_char(${registrants.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const columns = {
  id: registrants.id,
  edition: editions.slug,
  editionId: registrants.editionId,
  email: registrants.email,
  name: registrants.firstName,
  consentedAt: registrants.consentedAt,
  tier: registrants.tier,
  createdAt: registrants.createdAt,
  updatedAt: updatedText,
};

interface Row {
  id: number;
  edition: string;
  email: string;
  name: string;
  consentedAt: Date | null;
  tier: RegistrantOut['tier'];
  createdAt: Date;
  updatedAt: string;
}

async function withPasses(db: Database, rows: Row[]): Promise<RegistrantOut[]> {
  const ids = rows.map((row) => row.id);
  const bought = ids.length
    ? await db.select().from(purchases).where(inArray(purchases.registrantId, ids)).orderBy(asc(purchases.createdAt), asc(purchases.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    edition: row.edition,
    email: row.email,
    name: row.name,
    marketing_consent: row.consentedAt !== null,
    consented_at: row.consentedAt?.toISOString() ?? null,
    tier: row.tier,
    passes: bought
      .filter((purchase) => purchase.registrantId === row.id)
      .map((purchase) => ({
        pass: purchase.pass,
        status: purchase.status,
        source: purchase.source,
        amount: purchase.amount,
        currency: purchase.currency,
        reference: purchase.paymentRef,
        granted_at: purchase.createdAt.toISOString(),
        ended_at: purchase.endedAt?.toISOString() ?? null,
      })),
    registered_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt,
  }));
}

/** The registrant, when it belongs to an edition the token may use (editionId null: any). */
export async function findRegistrant(
  db: Database,
  { id, editionId }: { id: number; editionId: number | null },
): Promise<RegistrantOut | null> {
  const rows = await db
    .select(columns)
    .from(registrants)
    .innerJoin(editions, eq(editions.id, registrants.editionId))
    .where(and(eq(registrants.id, id), editionId === null ? undefined : eq(registrants.editionId, editionId)));
  const [shown] = await withPasses(db, rows);
  return shown ?? null;
}

export interface RegistrantPageQuery {
  editionId: number | null;
  updatedSince: Date | null;
  /** Only the registrants this import added or changed last (docs/decisions/0076). */
  importId?: number | null;
  after: Cursor | null;
  limit: number;
}

export async function registrantPage(
  db: Database,
  query: RegistrantPageQuery,
): Promise<{ data: RegistrantOut[]; next_cursor: string | null }> {
  const conditions: (SQL | undefined)[] = [
    query.editionId === null ? undefined : eq(registrants.editionId, query.editionId),
    query.updatedSince ? gte(registrants.updatedAt, query.updatedSince) : undefined,
    query.importId ? eq(registrants.importId, query.importId) : undefined,
    query.after
      ? or(
          gt(registrants.updatedAt, sql`${query.after.at}::timestamptz`),
          and(eq(registrants.updatedAt, sql`${query.after.at}::timestamptz`), gt(registrants.id, query.after.id)),
        )
      : undefined,
  ];
  const rows = await db
    .select(columns)
    .from(registrants)
    .innerJoin(editions, eq(editions.id, registrants.editionId))
    .where(and(...conditions))
    .orderBy(asc(registrants.updatedAt), asc(registrants.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: await withPasses(db, page),
    next_cursor: rows.length > query.limit && last ? encodeCursor({ at: last.updatedAt, id: last.id }) : null,
  };
}
