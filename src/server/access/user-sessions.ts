/**
 * The session procedures of docs/PRODUCT.md "Visitor sessions", get_user_session and upsert_user_session. They
 * record when an anonymous visitor (a random UUID) first opened each timed page, which is what
 * access windows count from. Rows use the spec's snake_case names.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { parsePageType } from '../../domain/edition.ts';
import type { Database } from '../db/client.ts';
import { editions, userSessions } from '../db/schema.ts';
import { firstRow } from '../db/first-row.ts';

export interface UserSessionRow {
  session_id: string;
  page_type: string;
  first_visit_timestamp: string;
}

export const sessionIdSchema = z.uuid({ error: 'session_id_param must be a UUID' });
export const pageTypeSchema = z
  .string({ error: 'page_type_param must be a string' })
  .max(64)
  .refine((value) => parsePageType(value) !== null, {
    message: 'page_type_param must be an edition and a page, e.g. july_day1 or august_dashboard',
  });

function toRow(row: typeof userSessions.$inferSelect): UserSessionRow {
  return {
    session_id: row.sessionId,
    page_type: row.pageType,
    first_visit_timestamp: row.firstVisitTimestamp.toISOString(),
  };
}

/** Every page the session has visited, with its first visit. */
export async function getUserSession(db: Database, sessionId: string): Promise<UserSessionRow[]> {
  const rows = await db
    .select()
    .from(userSessions)
    .where(eq(userSessions.sessionId, sessionId))
    .orderBy(asc(userSessions.firstVisitTimestamp), asc(userSessions.pageType));
  return rows.map(toRow);
}

/** The recorded first visit of one (session, page type), or null. */
export async function findUserSession(db: Database, sessionId: string, pageType: string): Promise<UserSessionRow | null> {
  const row = await firstRow(
    db
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.sessionId, sessionId), eq(userSessions.pageType, pageType))),
  );
  return row ? toRow(row) : null;
}

export class UnknownEditionError extends Error {}

/**
 * Records a visit and returns the row. The first visit of an existing (session, page type) is
 * kept: one INSERT … ON CONFLICT statement, so concurrent calls can never create two rows, and
 * LEAST keeps the earliest time even when a later-started call commits first.
 */
export async function upsertUserSession({
  db,
  sessionId,
  pageType,
  visitedAt = new Date(),
}: {
  db: Database;
  sessionId: string;
  pageType: string;
  visitedAt?: Date;
}): Promise<UserSessionRow> {
  const parsed = parsePageType(pageType);
  if (!parsed) throw new UnknownEditionError(`Invalid page type ${pageType}`);
  const [edition] = await db.select({ id: editions.id }).from(editions).where(eq(editions.slug, parsed.editionSlug)).limit(1);
  if (!edition) throw new UnknownEditionError(`Unknown summit in page type ${pageType}`);

  const [row] = await db
    .insert(userSessions)
    .values({ sessionId, pageType, firstVisitTimestamp: visitedAt })
    .onConflictDoUpdate({
      target: [userSessions.sessionId, userSessions.pageType],
      set: { firstVisitTimestamp: sql`least(${userSessions.firstVisitTimestamp}, excluded.first_visit_timestamp)` },
    })
    .returning();
  if (!row) throw new Error('upsert_user_session returned no row');
  return toRow(row);
}
