/**
 * Anonymous uploads (the public brand page's logo) are temporary: each expires after
 * UPLOAD_EXPIRY_HOURS unless an admin applies a brand that uses it, and together they may take at
 * most UPLOAD_QUOTA_MB. The sweep deletes expired files and their rows. This is what keeps the
 * open upload endpoint from becoming free, permanent image hosting on the site's origin.
 */
import { and, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { uploadedFiles } from '../db/schema.ts';
import { log } from '../log.ts';
import type { Storage } from './upload-storage.ts';

const SWEEP_BATCH = 500;
/** One lock for every process's temporary-upload records (pg_advisory_xact_lock; released at commit). */
const TEMPORARY_UPLOADS_LOCK_ID = 15_000_001;

export const QUOTA_FULL = 'Uploads are full for now. Please try again later, or use a logo URL instead.';

/** Bytes taken now by anonymous uploads that have not expired. */
export async function temporaryBytes(db: Database, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(${uploadedFiles.sizeBytes})` })
    .from(uploadedFiles)
    .where(and(isNotNull(uploadedFiles.expiresAt), gt(uploadedFiles.expiresAt, now)));
  return Number(row?.bytes ?? 0);
}

/**
 * Records an uploaded file. Given a quota (a temporary upload's), it is recorded only while the
 * unexpired temporary uploads, it included, stay within `quotaBytes`; the sum and the insert run
 * under one lock, so uploads arriving together cannot pass the quota between them (checked
 * apart, six simultaneous uploads all saw the same free room). False: no room for it.
 */
export async function recordUpload(db: Database, row: typeof uploadedFiles.$inferInsert, quotaBytes = Infinity): Promise<boolean> {
  if (quotaBytes === Infinity) {
    await db.insert(uploadedFiles).values(row);
    return true;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TEMPORARY_UPLOADS_LOCK_ID})`);
    if ((await temporaryBytes(tx)) + row.sizeBytes > quotaBytes) return false;
    await tx.insert(uploadedFiles).values(row);
    return true;
  });
}

/** The storage keys of our own uploads among the strings of a document (a brand configuration). */
export function uploadKeysIn(document: unknown): string[] {
  const keys: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      const match = /^\/uploads\/([\w./-]+)$/.exec(value);
      if (match) keys.push(match[1]!);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(document);
  return keys;
}

/** The uploads this document uses are kept for good (an admin applied it). */
export async function keepUploads(db: Pick<Database, 'update'>, document: unknown): Promise<void> {
  const keys = uploadKeysIn(document);
  if (keys.length === 0) return;
  await db.update(uploadedFiles).set({ expiresAt: null }).where(inArray(uploadedFiles.storageKey, keys));
}

/** Deletes expired uploads, files first, then their rows; answers how many. */
export async function sweepExpiredUploads(db: Database, storage: Storage, now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const expired = await db
      .select({ id: uploadedFiles.id, storageKey: uploadedFiles.storageKey })
      .from(uploadedFiles)
      .where(and(isNotNull(uploadedFiles.expiresAt), lte(uploadedFiles.expiresAt, now)))
      .limit(SWEEP_BATCH);
    if (expired.length === 0) break;
    for (const file of expired) await storage.delete(file.storageKey);
    await db.delete(uploadedFiles).where(
      inArray(
        uploadedFiles.id,
        expired.map((file) => file.id),
      ),
    );
    removed += expired.length;
    if (expired.length < SWEEP_BATCH) break;
  }
  if (removed > 0) log.info({ removed }, 'expired uploads removed');
  return removed;
}
