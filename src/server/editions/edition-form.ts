/**
 * The POST of /admin/editions/{slug}: the edition's data form (action=save), the speakers CSV
 * import (action=import-speakers: file, mode=replace|add) and deletion (action=delete: confirm),
 * the actions of editionActions; any other is refused with a message and changes nothing.
 */
import { editionActions } from '../../domain/admin-actions.ts';
import type { EditionFormErrors, EditionFormValues } from '../../domain/edition-form.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { deleteEdition, saveEdition } from './edition-commands.ts';
import { readEditionForm } from './edition-form-parser.ts';
import { readAdminForm, readUploadedText } from './admin-form-uploads.ts';
import { MAX_CSV_BYTES, importSpeakersCsv, readImportMode, type SpeakerImportMode } from '../people/speakers-csv.ts';
import { notFound, redirectTo, show, type PageOutcome } from '../http/page-outcome.ts';
import { loadEditionEditor, type EditionEditor } from './edition-admin-queries.ts';
import { knownTimeZones } from './new-edition-form.ts';
import { DEMO_EDITION_SLUGS } from '../../content/demo-editions.ts';

export interface EditionPageState {
  submitted: { values: EditionFormValues; errors: EditionFormErrors } | null;
  csv: { message?: string; problems?: string[]; mode: SpeakerImportMode };
  deletion: { message?: string; confirmation: string };
  /** Why the POST was not understood (an action the screen does not have). */
  refused?: string;
}

export const emptyEditionPage = (): EditionPageState => ({ submitted: null, csv: { mode: 'replace' }, deletion: { confirmation: '' } });

/** The notice a redirect after saving or creating asks for. */
export function editionNotice(url: URL): string | undefined {
  if (url.searchParams.has('created')) return 'Created the edition. Review its dates, day windows and settings below.';
  if (url.searchParams.has('saved')) return 'Saved the edition.';
  return undefined;
}

/** A request to the edition's screen: the database, the signed-in admin, the edition's slug and the request. */
export interface EditionRequest {
  handle: DbHandle;
  admin: AdminUser;
  slug: string;
  request: Request;
}

export async function handleEditionPost({ handle, admin, slug, request }: EditionRequest): Promise<PageOutcome<EditionPageState>> {
  const state = emptyEditionPage();
  const read = await readAdminForm(request, MAX_CSV_BYTES);
  if (!read.ok) return show({ ...state, csv: { ...state.csv, problems: [read.message] } }, 413);
  const action = editionActions.safeParse(read.form.get('action'));
  if (!action.success) return show({ ...state, refused: action.error.issues[0]?.message }, 400);
  switch (action.data) {
    case 'save': {
      const values = readEditionForm(read.form);
      const result = await saveEdition({ handle, admin, slug, values });
      return result.ok
        ? redirectTo(`/admin/editions/${slug}?saved=1`)
        : show({ ...state, submitted: { values, errors: result.errors } }, 422);
    }
    case 'import-speakers': {
      const mode = readImportMode(read.form.get('mode'));
      const file = await readUploadedText(read.form, 'file', MAX_CSV_BYTES);
      const result = !mode
        ? { ok: false as const, problems: ['Choose whether the file replaces the speakers or adds to them.'] }
        : file.ok
          ? await importSpeakersCsv({ handle, admin, slug, text: file.text, mode })
          : { ok: false as const, problems: [file.message] };
      const csv = { mode: mode ?? 'replace' };
      return result.ok
        ? show({ ...state, csv: { ...csv, message: result.message } })
        : show({ ...state, csv: { ...csv, problems: result.problems } }, 422);
    }
    case 'delete': {
      const confirmation = String(read.form.get('confirm') ?? '').slice(0, 100);
      const result = await deleteEdition({ handle, admin, slug, confirmation });
      if (result.ok) return redirectTo(`/admin/editions?deleted=${slug}`);
      if (result.status === 404) return notFound;
      return show({ ...state, deletion: { message: result.message, confirmation } }, result.status);
    }
  }
}

/**
 * The whole screen: a POST applied (a redirect, or the form again with its messages), then the
 * edition read afresh and placed with what the POST left; not found for an unknown slug.
 */
export async function editionScreen(edition: EditionRequest) {
  const { handle, slug, request } = edition;
  const before = await loadEditionEditor(handle.db, slug);
  if (!before) return notFound;
  if (request.method !== 'POST') return show(editionScreenState(edition, before, emptyEditionPage()));
  const outcome = await handleEditionPost(edition);
  if (outcome.kind !== 'show') return outcome;
  // Read again after the POST: what it saved or imported is what the form shows.
  const after = await loadEditionEditor(handle.db, slug);
  return after ? show(editionScreenState(edition, after, outcome.state), outcome.status) : notFound;
}

/** The view's props: the stored edition, with what a POST left (the values as typed, its messages). */
function editionScreenState(
  { slug, request }: EditionRequest,
  editor: EditionEditor,
  { submitted, csv, deletion, refused }: EditionPageState,
) {
  return {
    slug,
    name: editor.edition.name,
    values: submitted?.values ?? editor.values,
    errors: submitted?.errors ?? {},
    // The saved names, not the ones a refused POST typed: the labels stay those of the passes as they are.
    passNames: { replay: editor.edition.settings.upgrade.replay.name, aap: editor.edition.settings.upgrade.aap.name },
    demo: DEMO_EDITION_SLUGS.includes(slug),
    notice: editionNotice(new URL(request.url)),
    registrants: editor.registrants,
    speakers: editor.speakers,
    embeds: editor.edition.settings.embeds,
    settingsProblems: editor.settingsProblems,
    nextRemoval: editor.nextRemoval,
    csv,
    deletion,
    refused,
    timeZones: knownTimeZones(),
  };
}
