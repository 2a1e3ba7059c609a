/**
 * Everything outbound paused (docs/decisions/0075): a restored site starts so, and nothing leaves
 * (e-mails, webhooks, list calls) until an admin resumes it. The pause is a row of app_meta, so
 * every process on the database obeys it and it survives restarts; while it is there the worker
 * claims nothing, and every job waits, pending, to leave once sending resumes.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { appMeta } from '../db/schema.ts';

const PAUSE_KEY = 'outbound-paused';

/** Why a restored site is paused, as the admin banner says it. */
export const RESTORED_PAUSE = 'This site was restored from a backup';

const pauseSchema = z.object({ since: z.string(), reason: z.string() });
export type OutboundPause = z.infer<typeof pauseSchema>;

type Reads = Pick<Database, 'select'>;

/** The pause in force, or null when sending is on. */
export async function outboundPause(db: Reads): Promise<OutboundPause | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, PAUSE_KEY)).limit(1);
  if (!row) return null;
  const parsed = pauseSchema.safeParse(row.value);
  // A value this version cannot read still pauses: sending on by mistake cannot be taken back.
  return parsed.success ? parsed.data : { since: '', reason: 'Outbound sending is paused.' };
}

export async function pauseOutbound(db: Pick<Database, 'insert'>, pause: OutboundPause): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key: PAUSE_KEY, value: pause })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: pause } });
}

/** Switches sending back on; returns whether it was paused. */
export async function resumeOutbound(db: Pick<Database, 'delete'>): Promise<boolean> {
  const removed = await db.delete(appMeta).where(eq(appMeta.key, PAUSE_KEY)).returning({ key: appMeta.key });
  return removed.length > 0;
}
