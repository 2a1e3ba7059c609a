/**
 * The POST of /admin/editions: showing an edition on the home page (action=show-on-home: slug),
 * duplicating an edition into a new slug (action=duplicate: source, slug, name, and confirmed
 * once the host has seen the review), importing a whole edition from its JSON file
 * (action=import: document, slug) and importing an edition archive received by
 * archive-upload-route.ts (action=import-archive: archive, slug; action=discard-archive: archive).
 * The actions are editionsActions; any other is refused with a message and changes nothing.
 */
import type { DuplicateValues, EditionFormErrors } from '../../domain/edition-form.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { MAX_EDITION_DOCUMENT_BYTES } from './edition-transfer.ts';
import { importEditionDocument, type ImportResult } from './edition-import.ts';
import { readEditionArchive, removeArchiveAudio } from './edition-archive.ts';
import { discardStagedArchive, findStagedArchive, isStagedArchiveId } from './staged-archives.ts';
import { duplicateEdition, readDuplicateForm } from './duplicate-edition.ts';
import { readAdminForm, readUploadedText } from './admin-form-uploads.ts';
import { redirectTo, show, type PageOutcome } from '../http/page-outcome.ts';
import { showOnHomePage } from './home-edition.ts';
import { requestNow } from '../clock.ts';
import type { ReviewFinding } from '../../domain/duplicate-review.ts';
import { editionsActions } from '../../domain/admin-actions.ts';

/** An archive received and waiting to be imported. */
export interface StagedArchiveState {
  id: string;
  sizeBytes: number;
}

export interface EditionsPageState {
  message?: string | undefined;
  importProblems?: string[] | undefined;
  /** review: what the copy would carry over, for the host to confirm before it is saved. */
  duplicate: { values: DuplicateValues; errors: EditionFormErrors; review?: ReviewFinding[] | undefined };
  archive?: StagedArchiveState | undefined;
  /** What went wrong receiving an archive (a fixed code from the upload route's redirect). */
  archiveProblem?: 'too-large' | 'no-file' | 'bad-request' | 'gone' | undefined;
}

const ARCHIVE_PROBLEMS = new Set(['too-large', 'no-file', 'bad-request']);

export const emptyEditionsPage = (url: URL): EditionsPageState => {
  const deleted = url.searchParams.get('deleted');
  const home = url.searchParams.get('home');
  const isSlug = (value: string | null): value is string => value !== null && /^[a-z][a-z0-9-]{1,39}$/.test(value);
  const message = isSlug(deleted)
    ? `Deleted the edition ${deleted}.`
    : isSlug(home)
      ? `The home page, /register and the unprefixed pages now show the edition ${home}.`
      : undefined;
  const problem = url.searchParams.get('archive-problem');
  return {
    message,
    duplicate: { values: { source: '', slug: '', name: '', copyEpisodes: false }, errors: {} },
    archiveProblem: problem && ARCHIVE_PROBLEMS.has(problem) ? (problem as EditionsPageState['archiveProblem']) : undefined,
  };
};

/** The page's state for a GET: with the archive the upload route received, when the address names one. */
export async function loadEditionsPage(url: URL): Promise<EditionsPageState> {
  const state = emptyEditionsPage(url);
  const id = url.searchParams.get('archive');
  if (!isStagedArchiveId(id)) return state;
  const staged = await findStagedArchive(id);
  return staged ? { ...state, archive: { id, sizeBytes: staged.sizeBytes } } : { ...state, archiveProblem: 'gone' };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** Imports a received archive; it is kept for another try when the import is refused. */
async function importArchive({
  handle,
  admin,
  form,
  audioLimitBytes,
}: {
  handle: DbHandle;
  admin: AdminUser;
  form: FormData;
  audioLimitBytes: number;
}): Promise<{ result: ImportResult; archive?: StagedArchiveState }> {
  const id = text(form, 'archive');
  const staged = isStagedArchiveId(id) ? await findStagedArchive(id) : null;
  if (!staged)
    return { result: { ok: false, problems: ['That archive is no longer here (archives are kept for a day). Upload it again.'] } };
  if (text(form, 'action') === editionsActions.enum['discard-archive']) {
    await discardStagedArchive(id);
    return { result: { ok: true, slug: '', name: '', created: false, message: 'Discarded the uploaded archive.' } };
  }
  const read = await readEditionArchive(staged.file, audioLimitBytes);
  if (!read.ok) return { result: read, archive: { id, sizeBytes: staged.sizeBytes } };
  const result = await importEditionDocument({ handle, admin, text: read.text, archive: read.audio, asSlug: text(form, 'slug') }).catch(
    async (error: unknown) => {
      await removeArchiveAudio(read.audio);
      throw error;
    },
  );
  if (!result.ok) {
    await removeArchiveAudio(read.audio);
    return { result, archive: { id, sizeBytes: staged.sizeBytes } };
  }
  await discardStagedArchive(id);
  return { result };
}

export async function handleEditionsPost({
  handle,
  admin,
  request,
  url,
  audioLimitBytes,
}: {
  handle: DbHandle;
  admin: AdminUser;
  request: Request;
  url: URL;
  /** AUDIO_UPLOAD_LIMIT_MB in bytes: the largest episode file an archive may carry. */
  audioLimitBytes: number;
}): Promise<PageOutcome<EditionsPageState>> {
  const state = emptyEditionsPage(url);
  const read = await readAdminForm(request, MAX_EDITION_DOCUMENT_BYTES);
  if (!read.ok) return show({ ...state, importProblems: [read.message] }, 422);
  const action = editionsActions.safeParse(read.form.get('action'));
  if (!action.success) return show({ ...state, message: action.error.issues[0]?.message }, 400);
  switch (action.data) {
    case 'show-on-home': {
      const slug = String(read.form.get('slug') ?? '').slice(0, 100);
      const result = await showOnHomePage({ handle, admin, slug });
      return result.ok
        ? redirectTo(`/admin/editions?home=${encodeURIComponent(slug)}`)
        : show({ ...state, message: result.message }, result.status);
    }
    case 'duplicate': {
      const { confirmed, ...values } = readDuplicateForm(read.form);
      const result = await duplicateEdition({ handle, admin, values: { ...values, confirmed }, now: requestNow(request) });
      if (result.ok) return redirectTo(`/admin/editions/${result.slug}?created=1`);
      if ('review' in result) return show({ ...state, duplicate: { values, errors: {}, review: result.review } });
      return show({ ...state, duplicate: { values, errors: result.errors } }, Object.keys(result.errors).length ? 422 : 200);
    }
    case 'import': {
      const file = await readUploadedText(read.form, 'document', MAX_EDITION_DOCUMENT_BYTES);
      const result = file.ok
        ? await importEditionDocument({ handle, admin, text: file.text, asSlug: text(read.form, 'slug') })
        : { ok: false as const, problems: [file.message] };
      return result.ok ? show({ ...state, message: result.message }) : show({ ...state, importProblems: result.problems }, 422);
    }
    case 'import-archive':
    case 'discard-archive': {
      const { result, archive } = await importArchive({ handle, admin, form: read.form, audioLimitBytes });
      return result.ok ? show({ ...state, message: result.message }) : show({ ...state, archive, importProblems: result.problems }, 422);
    }
  }
}
