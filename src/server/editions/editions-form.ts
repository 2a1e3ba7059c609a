/**
 * The POST of /admin/editions: duplicating an edition into a new slug (action=duplicate: source,
 * slug, name) and importing a whole edition from its JSON file (action=import: document).
 */
import type { DuplicateValues, EditionFormErrors } from '../../domain/edition-form.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { MAX_EDITION_DOCUMENT_BYTES, importEditionDocument } from './edition-transfer.ts';
import { duplicateEdition, readDuplicateForm } from './edition-commands.ts';
import { readAdminForm, readUploadedText } from './admin-form-uploads.ts';
import { redirectTo, show, type PageOutcome } from '../http/page-outcome.ts';

export interface EditionsPageState {
  message?: string | undefined;
  importProblems?: string[] | undefined;
  duplicate: { values: DuplicateValues; errors: EditionFormErrors };
}

export const emptyEditionsPage = (url: URL): EditionsPageState => {
  const deleted = url.searchParams.get('deleted');
  const message = deleted && /^[a-z][a-z0-9-]{1,39}$/.test(deleted) ? `Deleted the edition ${deleted}.` : undefined;
  return { message, duplicate: { values: { source: '', slug: '', name: '' }, errors: {} } };
};

export async function handleEditionsPost({
  handle,
  admin,
  request,
  url,
}: {
  handle: DbHandle;
  admin: AdminUser;
  request: Request;
  url: URL;
}): Promise<PageOutcome<EditionsPageState>> {
  const state = emptyEditionsPage(url);
  const read = await readAdminForm(request, MAX_EDITION_DOCUMENT_BYTES);
  const action = read.ok ? read.form.get('action') : 'import';
  if (!read.ok) return show({ ...state, importProblems: [read.message] }, 422);
  if (action === 'duplicate') {
    const values = readDuplicateForm(read.form);
    const result = await duplicateEdition(handle, admin, values);
    if (result.ok) return redirectTo(`/admin/editions/${result.slug}?created=1`);
    return show({ ...state, duplicate: { values, errors: result.errors } }, Object.keys(result.errors).length ? 422 : 200);
  }
  if (action === 'import') {
    const file = await readUploadedText(read.form, 'document', MAX_EDITION_DOCUMENT_BYTES);
    const result = file.ok ? await importEditionDocument(handle, admin, file.text) : { ok: false as const, problems: [file.message] };
    return result.ok ? show({ ...state, message: result.message }) : show({ ...state, importProblems: result.problems }, 422);
  }
  return show({ ...state, message: 'Unknown action.' });
}
