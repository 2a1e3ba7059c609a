/**
 * POST /admin/editions/{slug}/episodes: add, change or delete an episode (decision 0020).
 * It runs on the Node server before Astro (src/server/main.ts) because an audio upload may be
 * hundreds of megabytes: it streams to disk here (read-episode-form.ts), past the 4 MB limit
 * every other request keeps. So it does the admin guard's work itself: a signed-in admin
 * (the session cookie) and a same-origin form. Every outcome is a 303 back to the episodes
 * screen (GET, an Astro page) with a short outcome code.
 */
import { episodeActions } from '../../domain/admin-actions.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  EPISODE_FIELD_LABELS,
  episodeFieldsSchema,
  isDeleteConfirmed,
  readEmbedUrl,
  readExternalAudioUrl,
  type EpisodeOutcome,
} from '../../domain/podcast/episode-form.ts';
import { contentTypeForUrl, formatMegabytes } from '../../domain/podcast/audio-formats.ts';
import { parseStatedLength } from '../../domain/podcast/episode-length.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { adminOfNodeRequest, isSameOriginForm } from '../auth/node-admin.ts';
import { writeContent } from '../audit/content-write.ts';
import { readEdition } from '../editions/read-edition.ts';
import { getDatabase } from '../db/index.ts';
import type { DbHandle } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { NodeHandler } from '../http/node-request.ts';
import { refuseText as refuse, seeOther as redirect } from '../http/node-answers.ts';
import { log } from '../log.ts';
import { discardFile, keepAudio } from './audio-store.ts';
import { deleteEpisode, findEpisode, insertEpisode, updateEpisode, type NewEpisode } from './episodes.ts';
import { inspectAudio } from './inspect-audio.ts';
import { judgeEpisodeTexts } from './episode-texts.ts';
import { removeUnusedAudio } from './unused-audio.ts';
import { readEpisodeForm, type EpisodeForm } from './read-episode-form.ts';
import { FRONT_DOOR_PATHS } from '../../domain/front-door-paths.ts';

const PATH = FRONT_DOOR_PATHS.episodeUpload;
/** Room for the form's text fields and multipart framing around the file. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

export function audioUploadLimitBytes(config: Pick<Env, 'AUDIO_UPLOAD_LIMIT_MB'>): number {
  return config.AUDIO_UPLOAD_LIMIT_MB * 1_000_000;
}

interface Outcome {
  code: EpisodeOutcome;
  day?: number;
  details?: string[];
}

/** `limit`: the largest audio upload in bytes (audioUploadLimitBytes); `audioHost`: AUDIO_EMBED_HOST, the only host of external players. */
export function episodeRoutes(next: NodeHandler, { limit, audioHost }: { limit: number; audioHost: string }): NodeHandler {
  return (req, res) => {
    const match = req.method === 'POST' ? PATH.exec((req.url ?? '').split('?')[0] as string) : null;
    if (!match) return next(req, res);
    const slug = match[1] as string;
    handle({ req, res, slug, limit, audioHost }).catch((error: unknown) => {
      log.error({ err: error, path: req.url }, 'episode form failed');
      if (!res.headersSent) redirect(res, `/admin/editions/${slug}/episodes?outcome=bad-request`);
      else res.destroy();
    });
  };
}

async function handle({
  req,
  res,
  slug,
  limit,
  audioHost,
}: {
  req: IncomingMessage;
  res: ServerResponse;
  slug: string;
  limit: number;
  audioHost: string;
}): Promise<void> {
  const database = await getDatabase();
  const admin = await adminOfNodeRequest(database.db, req);
  if (!admin) return redirect(res, `/admin?next=${encodeURIComponent(`/admin/editions/${slug}/episodes`)}`);
  if (!isSameOriginForm(req)) return refuse(res, 403, 'Cross-site requests to the admin are refused.');
  if (Number(req.headers['content-length'] ?? 0) > limit + FORM_OVERHEAD_BYTES) {
    req.resume();
    return refuse(res, 413, `The audio file is larger than the limit of ${formatMegabytes(limit)}. Please upload a smaller file.`);
  }
  const edition = await readEdition(database.db, slug, { fresh: true });
  if (!edition) return redirect(res, '/admin/editions');
  let form: EpisodeForm;
  try {
    form = await readEpisodeForm(req, limit);
  } catch {
    return redirect(res, `/admin/editions/${slug}/episodes?outcome=bad-request`);
  }
  let outcome: Outcome;
  try {
    outcome = await apply({ database, admin, edition: { id: edition.id, audioHost }, form });
  } finally {
    if (form.file) await discardFile(form.file.path); // kept files were moved away already
  }
  const query = new URLSearchParams({ outcome: outcome.code });
  if (outcome.details?.length) query.set('fields', outcome.details.join(','));
  redirect(res, `/admin/editions/${slug}/episodes?${query}${outcome.day ? `#day-${outcome.day}` : ''}`);
}

async function apply({
  database,
  admin,
  edition,
  form,
}: {
  database: DbHandle;
  admin: AdminUser;
  edition: { id: number; audioHost: string };
  form: EpisodeForm;
}): Promise<Outcome> {
  const { fields, file } = form;
  const editionId = edition.id;
  const id = Number(fields.id);
  const action = episodeActions.safeParse(fields.action);
  // An action the form does not post adds nothing (it used to fall through to "add").
  if (!action.success) return { code: 'unknown-action' };
  if (action.data === 'delete') return removeEpisode({ database, admin, editionId, id, confirmed: isDeleteConfirmed(fields.confirm) });
  const parsed = episodeFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const details = [
      ...new Set(
        parsed.error.issues.map((issue) => EPISODE_FIELD_LABELS[issue.path[0] as keyof typeof EPISODE_FIELD_LABELS]).filter(Boolean),
      ),
    ];
    return { code: 'invalid', details };
  }
  const length = parseStatedLength(fields.statedLength);
  if (!length.ok) return { code: length.problem, day: parsed.data.day };
  // Judged before the audio, which is kept on disk once judged: a refused transcript leaves nothing behind.
  const texts = judgeEpisodeTexts(form);
  if ('code' in texts) return { ...texts, day: parsed.data.day };
  const audio = await judgeAudio(file, { externalUrl: fields.externalUrl, embedUrl: fields.embedUrl, audioHost: edition.audioHost });
  if ('code' in audio) return { ...audio, day: parsed.data.day };
  const values = {
    ...parsed.data,
    artwork: parsed.data.artwork || null,
    statedDurationSeconds: length.seconds,
    ...texts.values,
    ...audio.values,
  };
  if (action.data === 'update') {
    const existing = Number.isSafeInteger(id) ? await findEpisode(database.db, editionId, id) : null;
    if (!existing) return { code: 'not-found' };
    await writeContent(database, admin, async (tx) => {
      await updateEpisode(tx, existing.id, values);
      return {
        result: null,
        audit: { action: 'update', entityType: 'episode', entityId: existing.id, summary: `Updated episode “${values.title}”` },
      };
    });
    // A replaced file is removed once the row no longer names it.
    if (values.audioKey !== undefined && existing.audioKey !== values.audioKey) await removeUnusedAudio(database.db, [existing.audioKey]);
    return { code: 'saved', day: values.day };
  }
  if (audio.values.contentType === undefined) return { code: 'no-audio', day: values.day };
  const created = await writeContent(database, admin, async (tx) => {
    const row = await insertEpisode(tx, { editionId, ...values } as NewEpisode);
    return {
      result: row,
      audit: { action: 'create', entityType: 'episode', entityId: row.id, summary: `Added episode “${row.title}” to day ${row.day}` },
    };
  });
  return { code: 'created', day: created.day };
}

const UPLOAD_REFUSALS = { empty: 'empty-file', 'not-audio': 'not-audio', padded: 'padded-audio' } as const satisfies Record<
  string,
  EpisodeOutcome
>;

type AudioValues = Partial<
  Pick<NewEpisode, 'audioKey' | 'externalUrl' | 'embedUrl' | 'contentType' | 'sizeBytes' | 'durationSeconds' | 'bitrate'>
>;

/** An external player: no file, no duration we could know (its player shows it). */
const embedValues = (url: string): AudioValues => ({
  audioKey: null,
  externalUrl: null,
  embedUrl: url,
  contentType: 'text/html',
  sizeBytes: 0,
  durationSeconds: null,
  bitrate: null,
});

/** The audio columns a file, URL or external player gives; none when an update keeps its audio. */
async function judgeAudio(
  file: EpisodeForm['file'],
  fields: { externalUrl: string | undefined; embedUrl: string | undefined; audioHost: string },
): Promise<{ values: AudioValues } | Outcome> {
  const external = readExternalAudioUrl(fields.externalUrl);
  if (!external.ok) return { code: 'bad-url' };
  const embed = readEmbedUrl(fields.embedUrl, fields.audioHost);
  if (!embed.ok) return { code: 'bad-embed' };
  if ([file, external.url, embed.url].filter(Boolean).length > 1) return { code: 'both-audio' };
  if (embed.url) return { values: embedValues(embed.url) };
  if (file) {
    if (file.truncated) return { code: 'too-large' };
    const inspected = await inspectAudio(file.path);
    if (!inspected.ok) return { code: UPLOAD_REFUSALS[inspected.reason] };
    const audioKey = await keepAudio(file.path, inspected.format.extension);
    const { contentType } = inspected.format;
    return {
      values: {
        audioKey,
        externalUrl: null,
        embedUrl: null,
        contentType,
        sizeBytes: inspected.sizeBytes,
        durationSeconds: inspected.durationSeconds,
        bitrate: inspected.bitrate,
      },
    };
  }
  if (external.url) {
    return {
      values: {
        audioKey: null,
        externalUrl: external.url,
        embedUrl: null,
        contentType: contentTypeForUrl(external.url),
        sizeBytes: 0,
        durationSeconds: null,
        bitrate: null,
      },
    };
  }
  // No new audio: an update keeps its audio; a new episode is refused by the caller.
  return { values: {} };
}

/** Deletes an episode once confirmed (one click alone deletes nothing); its listening history stays (deleteEpisode). */
async function removeEpisode({
  database,
  admin,
  editionId,
  id,
  confirmed,
}: {
  database: DbHandle;
  admin: AdminUser;
  editionId: number;
  id: number;
  confirmed: boolean;
}): Promise<Outcome> {
  const existing = Number.isSafeInteger(id) ? await findEpisode(database.db, editionId, id) : null;
  if (!existing) return { code: 'not-found' };
  if (!confirmed) return { code: 'confirm-delete', day: existing.day };
  await writeContent(database, admin, async (tx) => {
    await deleteEpisode(tx, existing.id);
    return {
      result: null,
      audit: { action: 'delete', entityType: 'episode', entityId: existing.id, summary: `Deleted episode “${existing.title}”` },
    };
  });
  await removeUnusedAudio(database.db, [existing.audioKey]);
  return { code: 'deleted', day: existing.day };
}
