/**
 * Storing an uploaded image, the one way every upload is stored: judged by its bytes
 * (inspectImage), recorded in uploaded_files (a temporary one within its quota), then put under
 * {folder}/{timestamp}-{random}.{ext} in the storage. Returns the public URL, or why the file
 * was refused. The row comes first so the quota is kept at the moment of recording; if the
 * storage then fails the row is removed. Only a process dying between the two leaves a row with
 * no file: its URL, which nobody was given, answers 404, and a temporary one goes with the sweep.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { uploadedFiles } from '../db/schema.ts';
import type { Storage } from './upload-storage.ts';
import { inspectImage, type InspectedImage } from './inspect-image.ts';
import { QUOTA_FULL, recordUpload } from './temporary-uploads.ts';

/** busy: the SVG cleaning queue is full; quotaFull: temporary uploads have no room (both 503). */
export type StoredImage = { ok: true; url: string } | { ok: false; error: string; busy?: boolean; quotaFull?: boolean };

/** An anonymous upload: the sweep deletes it after `expiresAt`, and it is stored only within `quotaBytes`. */
export interface Temporary {
  expiresAt: Date;
  quotaBytes: number;
}

/** Throws only when the storage or the database fails; a bad file is a { ok: false }. */
export async function storeImage({
  db,
  storage,
  folder,
  file,
  temporary,
  inspect = inspectImage,
}: {
  db: Database;
  storage: Storage;
  folder: 'brands' | 'content';
  file: File;
  /** None: the admin's, kept for good. */
  temporary?: Temporary;
  /** How the bytes are judged: any image by default; the podcast artwork has Apple's rules. */
  inspect?: (data: Buffer) => Promise<InspectedImage>;
}): Promise<StoredImage> {
  const inspected = await inspect(Buffer.from(await file.arrayBuffer()));
  if (!inspected.ok) return inspected;
  const key = `${folder}/${Date.now()}-${randomBytes(8).toString('hex')}.${inspected.extension}`;
  const row = {
    storageKey: key,
    originalName: file.name.slice(0, 255),
    contentType: inspected.contentType,
    sizeBytes: inspected.data.length,
    width: inspected.width,
    height: inspected.height,
    sha256: createHash('sha256').update(inspected.data).digest('hex'),
    expiresAt: temporary?.expiresAt ?? null,
  };
  if (!(await recordUpload(db, row, temporary?.quotaBytes))) return { ok: false, error: QUOTA_FULL, quotaFull: true };
  try {
    await storage.put(key, inspected.data);
  } catch (error) {
    await db.delete(uploadedFiles).where(eq(uploadedFiles.storageKey, key));
    throw error;
  }
  return { ok: true, url: `/uploads/${key}` };
}
