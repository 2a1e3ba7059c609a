/**
 * The daily salts listener and network hashes are made with (decision 0037). One random salt per
 * UTC day, kept in app_meta so every app process on the database hashes alike; salts older than
 * yesterday are deleted, after which nobody (the operator included) can tell which address a
 * stored hash came from. Yesterday's salt is kept so a listener's 24-hour window survives midnight.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, like, lt } from 'drizzle-orm';
import { dayBefore } from '../../domain/listening/counting-window.ts';
import type { Database } from '../db/client.ts';
import { appMeta } from '../db/schema.ts';

const PREFIX = 'listening_salt:';

/** Salts this process has read, by day (a few entries: today, yesterday, a test clock's days). */
const known = new Map<string, string>();
const MAX_KNOWN = 8;

/** The salt of a UTC day (YYYY-MM-DD): made by whichever process asks first, then read by all. */
export async function saltOf(db: Database, day: string): Promise<string> {
  const remembered = known.get(day);
  if (remembered) return remembered;
  await db
    .insert(appMeta)
    .values({ key: `${PREFIX}${day}`, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, `${PREFIX}${day}`))
    .limit(1);
  const salt = String(row?.value);
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(day, salt);
  return salt;
}

/** Deletes the salts of days before yesterday (relative to `today`). */
export async function deleteOldSalts(db: Database, today: string): Promise<void> {
  await db.delete(appMeta).where(and(like(appMeta.key, `${PREFIX}%`), lt(appMeta.key, `${PREFIX}${dayBefore(today)}`)));
  for (const day of known.keys()) if (day < dayBefore(today)) known.delete(day);
}

/** Forgets the salts read (tests: a suite on another database reads its own). */
export function forgetSalts(): void {
  known.clear();
}
