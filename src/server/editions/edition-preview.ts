/**
 * "Preview the home page" on the edition's form: the landing page with the edition's words as
 * typed, before they are saved (a POST of the whole form), or as saved (a GET), whether or not the
 * home page shows this edition. Nothing is written; a form that would not save lists why.
 */
import type { Edition } from '../../domain/edition.ts';
import type { EditionFormErrors } from '../../domain/edition-form.ts';
import { getDatabase } from '../db/index.ts';
import { showLandingPage, type LandingPageShown } from '../page-loaders/landing-page.ts';
import { readAdminForm } from './admin-form-uploads.ts';
import { parseEditionForm, readEditionForm } from './edition-form-parser.ts';
import { readEdition } from './read-edition.ts';

/** Enough for every field of the form, far below an upload. */
const MAX_FORM_BYTES = 2 * 1024 * 1024;

export type EditionPreview =
  | { kind: 'not-found' }
  | { kind: 'problems'; editionName: string; problems: string[] }
  | { kind: 'show'; editionName: string; page: LandingPageShown };

const problemLines = (errors: EditionFormErrors) => Object.values(errors).flatMap((messages) => messages ?? []);

/** The edition with the posted form's changes, or why the form would not save. */
async function drafted(stored: Edition, request: Request): Promise<{ ok: true; edition: Edition } | { ok: false; problems: string[] }> {
  const read = await readAdminForm(request, MAX_FORM_BYTES);
  if (!read.ok) return { ok: false, problems: [read.message] };
  const parsed = parseEditionForm(readEditionForm(read.form), stored);
  if (!parsed.ok) return { ok: false, problems: problemLines(parsed.errors) };
  return { ok: true, edition: { ...stored, ...parsed.changes.edition, id: stored.id, slug: stored.slug } };
}

export async function editionPreview({
  slug,
  request,
  speakersFallback,
}: {
  slug: string;
  request: Request;
  speakersFallback: boolean;
}): Promise<EditionPreview> {
  const { db } = await getDatabase();
  const stored = await readEdition(db, slug, { fresh: true });
  if (!stored) return { kind: 'not-found' };
  const draft = request.method === 'POST' ? await drafted(stored, request) : { ok: true as const, edition: stored };
  if (!draft.ok) return { kind: 'problems', editionName: stored.name, problems: draft.problems };
  return { kind: 'show', editionName: stored.name, page: await showLandingPage(speakersFallback, draft.edition) };
}
