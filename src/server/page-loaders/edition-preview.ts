/**
 * "Preview the home page" and "Preview the thank-you page" on the edition's form: the page with
 * the edition's words as typed, before they are saved (a POST of the whole form), or as saved (a
 * GET), whether or not the home page shows this edition. Nothing is written; a form that would not
 * save lists why.
 */
import type { Edition } from '../../domain/edition.ts';
import type { EditionFormErrors } from '../../domain/edition-form.ts';
import { getDatabase } from '../db/index.ts';
import { showLandingPage, type LandingPageShown } from './landing-page.ts';
import { readAdminForm } from '../editions/admin-form-uploads.ts';
import { parseEditionForm, readEditionForm } from '../editions/edition-form-parser.ts';
import { readEdition } from '../editions/read-edition.ts';
import { pageMeta, type PageMeta } from '../../domain/page-meta.ts';
import { loadSiteBrand } from '../brand/site-brand.ts';
import { thankYouProps } from './thank-you-page.ts';
import { plainPricing } from '../../domain/offers.ts';
import { appNow } from '../clock.ts';

/** Enough for every field of the form, far below an upload. */
const MAX_FORM_BYTES = 2 * 1024 * 1024;

/** The pages the form previews: the home page, and the thank-you page of someone who just registered. */
export const PREVIEWED_PAGES = ['home', 'thank-you'] as const;
export type PreviewedPage = (typeof PREVIEWED_PAGES)[number];

/** The name the thank-you page's preview greets. */
const SAMPLE_FIRST_NAME = 'Alex';

export type EditionPreview =
  | { kind: 'not-found' }
  | { kind: 'problems'; editionName: string; problems: string[] }
  | { kind: 'home'; editionName: string; page: LandingPageShown }
  | { kind: 'thank-you'; editionName: string; props: ReturnType<typeof thankYouProps>; meta: PageMeta };

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
  const page = new URL(request.url).searchParams.get('page') ?? 'home';
  if (!stored || !(PREVIEWED_PAGES as readonly string[]).includes(page)) return { kind: 'not-found' };
  const draft = request.method === 'POST' ? await drafted(stored, request) : { ok: true as const, edition: stored };
  const editionName = stored.name;
  if (!draft.ok) return { kind: 'problems', editionName, problems: draft.problems };
  if (page === 'home') return { kind: 'home', editionName, page: await showLandingPage(speakersFallback, draft.edition) };
  const props = thankYouProps(draft.edition, {
    registrant: null,
    firstName: SAMPLE_FIRST_NAME,
    pricing: plainPricing(draft.edition, appNow()),
  });
  return { kind: 'thank-you', editionName, props, meta: pageMeta(draft.edition.settings.texts, await loadSiteBrand()) };
}
