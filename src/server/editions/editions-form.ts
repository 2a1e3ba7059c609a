/**
 * The POST of /admin/editions: showing an edition on the home page (action=show-on-home: slug),
 * duplicating an edition into a new slug (action=duplicate: source, slug, name, and confirmed
 * once the host has seen the review) and importing a whole edition from its JSON file
 * (action=import: document).
 */
import type { DuplicateValues, EditionFormErrors } from '../../domain/edition-form.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { MAX_EDITION_DOCUMENT_BYTES, importEditionDocument } from './edition-transfer.ts';
import { duplicateEdition, readDuplicateForm } from './duplicate-edition.ts';
import { readAdminForm, readUploadedText } from './admin-form-uploads.ts';
import { redirectTo, show, type PageOutcome } from '../http/page-outcome.ts';
import { showOnHomePage } from './home-edition.ts';
import { requestNow } from '../clock.ts';
import type { ReviewFinding } from '../../domain/duplicate-review.ts';

export interface EditionsPageState {
  message?: string | undefined;
  importProblems?: string[] | undefined;
  /** review: what the copy would carry over, for the host to confirm before it is saved. */
  duplicate: { values: DuplicateValues; errors: EditionFormErrors; review?: ReviewFinding[] | undefined };
}

export const emptyEditionsPage = (url: URL): EditionsPageState => {
  const deleted = url.searchParams.get('deleted');
  const home = url.searchParams.get('home');
  const isSlug = (value: string | null): value is string => value !== null && /^[a-z][a-z0-9-]{1,39}$/.test(value);
  const message = isSlug(deleted)
    ? `Deleted the edition ${deleted}.`
    : isSlug(home)
      ? `The home page, /register and the unprefixed pages now show the edition ${home}.`
      : undefined;
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
  if (action === 'show-on-home') {
    const slug = String(read.form.get('slug') ?? '').slice(0, 100);
    const result = await showOnHomePage({ handle, admin, slug });
    return result.ok
      ? redirectTo(`/admin/editions?home=${encodeURIComponent(slug)}`)
      : show({ ...state, message: result.message }, result.status);
  }
  if (action === 'duplicate') {
    const { confirmed, ...values } = readDuplicateForm(read.form);
    const result = await duplicateEdition({ handle, admin, values: { ...values, confirmed }, now: requestNow(request) });
    if (result.ok) return redirectTo(`/admin/editions/${result.slug}?created=1`);
    if ('review' in result) return show({ ...state, duplicate: { values, errors: {}, review: result.review } });
    return show({ ...state, duplicate: { values, errors: result.errors } }, Object.keys(result.errors).length ? 422 : 200);
  }
  if (action === 'import') {
    const file = await readUploadedText(read.form, 'document', MAX_EDITION_DOCUMENT_BYTES);
    const result = file.ok ? await importEditionDocument(handle, admin, file.text) : { ok: false as const, problems: [file.message] };
    return result.ok ? show({ ...state, message: result.message }) : show({ ...state, importProblems: result.problems }, 422);
  }
  return show({ ...state, message: 'Unknown action.' });
}
