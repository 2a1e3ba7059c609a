/** What the admin's episodes screen shows: each day of the edition with its episodes, and the outcome of the last form. */
import { asc, count, eq } from 'drizzle-orm';
import { EPISODE_OUTCOMES, EPISODE_SUCCESSES, isEpisodeOutcome } from '../../domain/podcast/episode-form.ts';
import { formatAudioDuration, formatMegabytes } from '../../domain/podcast/audio-formats.ts';
import { statedLengthText } from '../../domain/podcast/episode-length.ts';
import { TRANSCRIPT_FORMATS, transcriptFormatOf } from '../../domain/podcast/transcripts.ts';
import type { Database } from '../db/client.ts';
import { editionDays, episodeDownloads } from '../db/schema.ts';
import { readEdition } from '../editions/read-edition.ts';
import type { EpisodesViewProps, AdminEpisode } from '../../views/admin/EpisodesView.tsx';
import { listEpisodes, type Episode } from './episodes.ts';
import { transcriptPassages } from './transcript-passages.ts';

const KIND_NAMES: Record<string, string> = { 'audio/mpeg': 'MP3', 'audio/mp4': 'M4A', 'audio/aac': 'AAC', 'audio/ogg': 'Ogg' };

function describeSource(episode: Episode): string {
  if (episode.embedUrl) return `External player: ${episode.embedUrl}`;
  if (episode.externalUrl) return `External: ${episode.externalUrl}`;
  const parts = [`${KIND_NAMES[episode.contentType] ?? episode.contentType} file`];
  if (episode.durationSeconds !== null) parts.push(formatAudioDuration(episode.durationSeconds));
  parts.push(`${(episode.sizeBytes / 1000).toFixed(1)} KB`);
  if (episode.bitrate) parts.push(`${Math.round(episode.bitrate / 1000)} kbit/s`);
  return parts.join(', ');
}

/** "WebVTT, 12 passages", or null when the episode has no transcript. */
function describeTranscript(episode: Episode): string | null {
  const format = transcriptFormatOf(episode.transcriptType);
  const passages = transcriptPassages(episode)?.length;
  if (!format || passages === undefined) return null;
  return `${TRANSCRIPT_FORMATS[format].label}, ${passages} passage${passages === 1 ? '' : 's'}`;
}

function describeChapters(episode: Episode): string | null {
  if (episode.chapters === null) return null;
  const count = (JSON.parse(episode.chapters) as { chapters: unknown[] }).chapters.length;
  return `${count} chapter${count === 1 ? '' : 's'}`;
}

/** Counted downloads per episode of the edition: the delete form says they stay in the insights. */
async function downloadsPerEpisode(db: Database, editionId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ episodeId: episodeDownloads.episodeId, downloads: count() })
    .from(episodeDownloads)
    .where(eq(episodeDownloads.editionId, editionId))
    .groupBy(episodeDownloads.episodeId);
  return new Map(rows.map((row) => [row.episodeId, Number(row.downloads)]));
}

function toAdminEpisode(episode: Episode, downloads: number): AdminEpisode {
  return {
    downloads,
    id: episode.id,
    day: episode.day,
    position: episode.position,
    title: episode.title,
    description: episode.description,
    speaker: episode.speaker,
    artwork: episode.artwork ?? '',
    source: describeSource(episode),
    statedLength: statedLengthText(episode.statedDurationSeconds),
    listenUrl: episode.externalUrl,
    transcript: describeTranscript(episode),
    chapters: describeChapters(episode),
  };
}

function outcomeMessages(params: URLSearchParams, limit: string): { notice?: string; problem?: string } {
  const code = params.get('outcome');
  if (!isEpisodeOutcome(code)) return {};
  const fields = (params.get('fields') ?? '').split(',').filter((field) => /^[a-z]{1,20}$/.test(field));
  const text = EPISODE_OUTCOMES[code].replace('{limit}', limit).replace('{details}', fields.join(', ') || 'see the form');
  return EPISODE_SUCCESSES.includes(code) ? { notice: text } : { problem: text };
}

/** `uploadLimitBytes`: the page passes audioUploadLimitBytes(locals.config), the limit the upload route enforces. */
export async function loadEpisodesScreen({
  db,
  slug,
  params,
  uploadLimitBytes,
}: {
  db: Database;
  slug: string;
  params: URLSearchParams;
  uploadLimitBytes: number;
}): Promise<EpisodesViewProps | null> {
  const edition = await readEdition(db, slug, { fresh: true });
  if (!edition) return null;
  const [days, episodes, downloads] = await Promise.all([
    db
      .select({ day: editionDays.day, title: editionDays.title })
      .from(editionDays)
      .where(eq(editionDays.editionId, edition.id))
      .orderBy(asc(editionDays.day)),
    listEpisodes(db, edition.id),
    downloadsPerEpisode(db, edition.id),
  ]);
  const titles = new Map(days.map((row) => [row.day, row.title]));
  const uploadLimit = formatMegabytes(uploadLimitBytes);
  return {
    slug,
    editionName: edition.name,
    uploadLimit,
    days: [1, 2, 3].map((day) => ({
      day,
      title: titles.get(day) ?? `Day ${day}`,
      episodes: episodes.filter((episode) => episode.day === day).map((episode) => toAdminEpisode(episode, downloads.get(episode.id) ?? 0)),
    })),
    ...outcomeMessages(params, uploadLimit),
  };
}
