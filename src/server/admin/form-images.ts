/**
 * Image fields in admin forms: a URL field, and beside it an optional file (field name + "__file").
 * A chosen file is checked by content like every upload and stored under content/; its URL
 * replaces the typed one.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AdminField, AdminFormErrors, AdminFormValues } from '../../domain/admin.ts';
import type { Database } from '../db/client.ts';
import { uploadedFiles } from '../db/schema.ts';
import type { Storage } from '../storage/storage.ts';
import { inspectImage } from '../uploads/inspect-image.ts';

export const FILE_SUFFIX = '__file';

export async function storeFormImages(
  db: Database,
  storage: Storage,
  fields: AdminField[],
  form: FormData,
  values: AdminFormValues,
): Promise<AdminFormErrors> {
  const errors: AdminFormErrors = {};
  for (const field of fields.filter((f) => f.type === 'image')) {
    const file = form.get(`${field.name}${FILE_SUFFIX}`);
    if (!(file instanceof File) || file.size === 0) continue;
    const inspected = await inspectImage(Buffer.from(await file.arrayBuffer()));
    if (!inspected.ok) {
      errors[field.name] = inspected.error;
      continue;
    }
    const key = `content/${Date.now()}-${randomBytes(8).toString('hex')}.${inspected.extension}`;
    await storage.put(key, inspected.data);
    await db.insert(uploadedFiles).values({
      storageKey: key,
      originalName: file.name.slice(0, 255),
      contentType: inspected.contentType,
      sizeBytes: inspected.data.length,
      width: inspected.width,
      height: inspected.height,
      sha256: createHash('sha256').update(inspected.data).digest('hex'),
    });
    values[field.name] = `/uploads/${key}`;
  }
  return errors;
}
