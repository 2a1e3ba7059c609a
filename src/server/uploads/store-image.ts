/**
 * Storing an uploaded image, the one way every upload is stored: judged by its bytes
 * (inspectImage), put under {folder}/{timestamp}-{random}.{ext} in the storage, and recorded in
 * uploaded_files. Returns the public URL, or why the file was refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { uploadedFiles } from '../db/schema.ts';
import type { Storage } from './upload-storage.ts';
import { inspectImage, type InspectedImage } from './inspect-image.ts';

export type StoredImage = { ok: true; url: string } | { ok: false; error: string; busy?: boolean };

/**
 * Throws only when the storage or the database fails; a bad file is a { ok: false }.
 * expiresAt: when the sweep may delete it (anonymous uploads); none for the admin's.
 */
export async function storeImage({
  db,
  storage,
  folder,
  file,
  expiresAt = null,
  inspect = inspectImage,
}: {
  db: Database;
  storage: Storage;
  folder: 'brands' | 'content';
  file: File;
  expiresAt?: Date | null;
  /** How the bytes are judged: any image by default; the podcast artwork has Apple's rules. */
  inspect?: (data: Buffer) => Promise<InspectedImage>;
}): Promise<StoredImage> {
  const inspected = await inspect(Buffer.from(await file.arrayBuffer()));
  if (!inspected.ok) return inspected;
  const key = `${folder}/${Date.now()}-${randomBytes(8).toString('hex')}.${inspected.extension}`;
  await storage.put(key, inspected.data);
  await db.insert(uploadedFiles).values({
    storageKey: key,
    originalName: file.name.slice(0, 255),
    contentType: inspected.contentType,
    sizeBytes: inspected.data.length,
    width: inspected.width,
    height: inspected.height,
    sha256: createHash('sha256').update(inspected.data).digest('hex'),
    expiresAt,
  });
  return { ok: true, url: `/uploads/${key}` };
}
