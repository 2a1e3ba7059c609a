/**
 * Image fields in admin forms: a URL field, and beside it an optional file (field name + "__file").
 * A chosen file is checked by content like every upload and stored under content/; its URL
 * replaces the typed one.
 */
import type { AdminField, AdminFormErrors, AdminFormValues } from '../../domain/admin.ts';
import type { Database } from '../db/client.ts';
import type { Storage } from '../uploads/upload-storage.ts';
import { storeImage } from '../uploads/store-image.ts';

export const FILE_SUFFIX = '__file';

export async function storeFormImages({
  db,
  storage,
  fields,
  form,
  values,
}: {
  db: Database;
  storage: Storage;
  fields: AdminField[];
  form: FormData;
  values: AdminFormValues;
}): Promise<AdminFormErrors> {
  const errors: AdminFormErrors = {};
  for (const field of fields.filter((f) => f.kind === 'image')) {
    const file = form.get(`${field.path}${FILE_SUFFIX}`);
    if (!(file instanceof File) || file.size === 0) continue;
    const stored = await storeImage({ db, storage, folder: 'content', file });
    if (!stored.ok) {
      errors[field.path] = stored.error;
      continue;
    }
    values[field.path] = stored.url;
  }
  return errors;
}
