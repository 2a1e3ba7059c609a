/**
 * The POST of /admin/editions/{slug}/podcast: the fields validated, the artwork judged by its
 * bytes before anything is stored, then the settings saved with their audit entry. A refusal
 * keeps what was typed and says what to change, field by field.
 */
import {
  podcastFormValues,
  readPodcastForm,
  validatePodcastForm,
  type PodcastFormErrors,
  type PodcastFormValues,
  type PodcastSettings,
} from '../../domain/podcast/show-settings.ts';
import type { ContentWriter } from '../audit/content-write.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { readAdminForm } from '../editions/admin-form-uploads.ts';
import { readEdition } from '../editions/read-edition.ts';
import { loadSiteBrand } from '../brand/site-brand.ts';
import { notFound, show, type PageOutcome } from '../http/page-outcome.ts';
import { DEFAULT_ARTWORK_PATH } from './feed-service.ts';
import { getStorage } from '../uploads/upload-storage.ts';
import { inspectArtwork, loadPodcastSettings, savePodcastSettings, storeArtwork, type PodcastEdition } from './podcast-settings.ts';
import { MAX_BODY_BYTES } from '../../domain/body-limits.ts';

export interface PodcastPageState {
  values: PodcastFormValues;
  errors: PodcastFormErrors;
  notice?: { ok: boolean; text: string };
  status: number;
}

export async function podcastPageState(handle: DbHandle, editionId: number): Promise<PodcastPageState> {
  return { values: podcastFormValues(await loadPodcastSettings(handle.db, editionId)), errors: {}, status: 200 };
}

const refused = (values: PodcastFormValues, errors: PodcastFormErrors): PodcastPageState => ({
  values,
  errors,
  notice: { ok: false, text: 'Nothing was saved. Please correct the fields marked below.' },
  status: 400,
});

export async function handlePodcastPost(writer: ContentWriter, edition: PodcastEdition, request: Request): Promise<PodcastPageState> {
  const { handle } = writer;
  const current = await loadPodcastSettings(handle.db, edition.id);
  const read = await readAdminForm(request, MAX_BODY_BYTES);
  if (!read.ok) return refused(podcastFormValues(current), { artwork: read.message });
  const values = readPodcastForm(read.form);
  const validation = validatePodcastForm(values);
  const errors: PodcastFormErrors = validation.ok ? {} : { ...validation.errors };
  const file = read.form.get('artwork');
  const upload = file instanceof File && file.size > 0 ? file : null;
  if (upload) {
    // Judged before anything is stored, so a refused form leaves no file behind.
    const inspected = await inspectArtwork(Buffer.from(await upload.arrayBuffer()));
    if (!inspected.ok) errors.artwork = inspected.error;
  }
  if (!validation.ok || Object.keys(errors).length) return refused(values, errors);
  let artworkUrl = values.removeArtwork ? null : current.artworkUrl;
  if (upload) {
    const stored = await storeArtwork({ db: handle.db, storage: getStorage(), file: upload });
    if (!stored.ok) return refused(values, { artwork: stored.error });
    artworkUrl = stored.url;
  }
  const settings: PodcastSettings = { ...validation.data, artworkUrl };
  await savePodcastSettings({ ...writer, edition, settings });
  return { values: podcastFormValues(settings), errors: {}, notice: { ok: true, text: 'Saved the podcast settings.' }, status: 200 };
}

export interface PodcastScreen extends Omit<PodcastPageState, 'status'> {
  slug: string;
  editionName: string;
  artwork: { url: string; own: boolean };
  /** What the feed says when a field is left empty: the brand's host (or summit) and support address. */
  defaults: { author: string; ownerEmail: string | null };
}

/** /admin/editions/{slug}/podcast as a form page: the edition read, a POST applied, the screen loaded. */
export async function podcastScreen(
  handle: DbHandle,
  { request, admin, slug }: { request: Request; admin: AdminUser; slug: string },
): Promise<PageOutcome<PodcastScreen>> {
  const edition = await readEdition(handle.db, slug, { fresh: true });
  if (!edition) return notFound;
  const { status, ...state } =
    request.method === 'POST'
      ? await handlePodcastPost({ handle, actor: admin }, edition, request)
      : await podcastPageState(handle, edition.id);
  const [settings, brand] = await Promise.all([loadPodcastSettings(handle.db, edition.id), loadSiteBrand()]);
  return show(
    {
      ...state,
      slug: edition.slug,
      editionName: edition.name,
      artwork: { url: settings.artworkUrl ?? DEFAULT_ARTWORK_PATH, own: settings.artworkUrl !== null },
      defaults: {
        author: brand.hostName ?? brand.summitName,
        ownerEmail: brand.supportEmail ?? (edition.settings.dashboard.supportEmail || null),
      },
    },
    status,
  );
}
