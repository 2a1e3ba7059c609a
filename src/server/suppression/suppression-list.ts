/**
 * The site's one suppression list (docs/decisions/0082): what a bounce
 * writes (a suppression, a soft bounce counted, the count cleared by a delivered copy), what an
 * admin reads and lifts. An address is compared as the site stores addresses (normalisedEmail).
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { normalisedEmail } from '../../domain/email-address.ts';
import {
  boundedDetail,
  SOFT_BOUNCE_SPACING_SECONDS,
  SOFT_BOUNCES_TO_SUPPRESS,
  type ActiveSuppression,
  type SuppressionReason,
} from '../../domain/suppression/suppression.ts';
import type { Database } from '../db/client.ts';
import { emailSoftBounces, emailSuppressions } from '../db/schema.ts';

type Writes = Pick<Database, 'execute'>;

/**
 * Suppresses an address (when it is not already): returns whether this added the suppression. The
 * partial unique index keeps one in force per address, whoever writes at once.
 */
export async function suppressAddress(
  db: Writes,
  { address, reason, detail, now }: { address: string; reason: SuppressionReason; detail: string; now: Date },
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into email_suppressions (address, reason, detail, since)
    values (${normalisedEmail(address)}, ${reason}, ${boundedDetail(detail)}, ${now.toISOString()}::timestamptz)
    on conflict (address) where lifted_at is null do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * One more soft bounce in a row for the address, when the last one counted was at least
 * SOFT_BOUNCE_SPACING_SECONDS before (last_at is the last counted); the third suppresses it
 * (reason soft-bounces). Returns whether this suppressed it.
 */
export async function countSoftBounce(
  db: Writes,
  { address, detail, now }: { address: string; detail: string; now: Date },
): Promise<boolean> {
  const normalised = normalisedEmail(address);
  const spaced = sql`email_soft_bounces.last_at <= excluded.last_at - make_interval(secs => ${SOFT_BOUNCE_SPACING_SECONDS})`;
  const result = await db.execute(sql`
    insert into email_soft_bounces (address, count, last_detail, last_at)
    select ${normalised}, 1, ${boundedDetail(detail)}, ${now.toISOString()}::timestamptz
    -- An address already suppressed (by a copy answered just before) counts nothing more.
    where not exists (select 1 from email_suppressions where address = ${normalised} and lifted_at is null)
    on conflict (address) do update set
      count = case when ${spaced} then email_soft_bounces.count + 1 else email_soft_bounces.count end,
      last_detail = excluded.last_detail,
      last_at = case when ${spaced} then excluded.last_at else email_soft_bounces.last_at end
    returning count`);
  const [row] = (result as unknown as { rows: { count: number }[] }).rows;
  if (!row || Number(row.count) < SOFT_BOUNCES_TO_SUPPRESS) return false;
  await db.execute(sql`delete from email_soft_bounces where address = ${normalised}`);
  return suppressAddress(db, { address: normalised, reason: 'soft-bounces', detail, now });
}

/** Of these addresses, those with soft bounces counted (a delivered copy clears them). */
export async function addressesWithSoftBounces(db: Pick<Database, 'select'>, addresses: string[]): Promise<Set<string>> {
  if (!addresses.length) return new Set();
  const rows = await db
    .select({ address: emailSoftBounces.address })
    .from(emailSoftBounces)
    .where(inArray(emailSoftBounces.address, [...new Set(addresses.map(normalisedEmail))]));
  return new Set(rows.map((row) => row.address));
}

/** A delivered copy ends the soft bounces in a row. */
export async function clearSoftBounces(db: Pick<Database, 'delete'>, address: string): Promise<void> {
  await db.delete(emailSoftBounces).where(eq(emailSoftBounces.address, normalisedEmail(address)));
}

/** The suppressions in force among these addresses, by normalised address. */
export async function suppressionsOf(db: Pick<Database, 'select'>, addresses: string[]): Promise<Map<string, ActiveSuppression>> {
  if (!addresses.length) return new Map();
  const rows = await db
    .select({ address: emailSuppressions.address, reason: emailSuppressions.reason, since: emailSuppressions.since })
    .from(emailSuppressions)
    .where(and(inArray(emailSuppressions.address, [...new Set(addresses.map(normalisedEmail))]), isNull(emailSuppressions.liftedAt)));
  return new Map(rows.map(({ address, ...suppression }) => [address, suppression]));
}

export type SuppressionRow = typeof emailSuppressions.$inferSelect;

/** The admin's list: newest first, in force and lifted alike; `address` narrows it to one address. */
export async function listSuppressions(
  db: Pick<Database, 'select'>,
  options: { limit: number; offset?: number; address?: string },
): Promise<SuppressionRow[]> {
  return db
    .select()
    .from(emailSuppressions)
    .where(options.address === undefined ? undefined : eq(emailSuppressions.address, normalisedEmail(options.address)))
    .orderBy(desc(emailSuppressions.since), desc(emailSuppressions.id))
    .limit(options.limit)
    .offset(options.offset ?? 0);
}

/** Lifts a suppression in force; returns the row lifted, or null when it was not in force (lifted already, or none). */
export async function liftSuppression(
  db: Pick<Database, 'update'>,
  { id, by, now }: { id: number; by: string; now: Date },
): Promise<SuppressionRow | null> {
  const [row] = await db
    .update(emailSuppressions)
    .set({ liftedAt: now, liftedBy: by })
    .where(and(eq(emailSuppressions.id, id), isNull(emailSuppressions.liftedAt)))
    .returning();
  return row ?? null;
}
