/**
 * An edition's episodes in its whole-edition document (decision 0035): read for the export,
 * and written by an import. Two identities need care:
 * - the guid is the feed item's identity in podcast apps and unique across the installation: an
 *   episode of the edition with the document's guid is updated in place (a re-import duplicates
 *   nothing); a guid another edition holds becomes one derived from it and the edition's slug
 *   (the document imported under a new slug: the same derived guid on every re-import there, so
 *   that is updated in place too); any other guid is kept (the edition moved to another
 *   installation);
 * - an audio file belongs to one episode (deleting the episode deletes it): audio from an archive
 *   is stored anew, a file named by a plain JSON document is used again only by the episode that
 *   already has it, and copied for any other; a file two episodes of the document name is copied
 *   for the second (decision 0052), so deleting either leaves the other playing.
 */
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { TransferEpisode } from '../../domain/edition-transfer-parts.ts';
import type { Database } from '../db/client.ts';
import { episodes } from '../db/schema.ts';
import { audioExists, copyAudio, removeAudio } from '../episodes/audio-store.ts';
import { deleteEpisodes, listEpisodes } from '../episodes/episodes.ts';
import { judgeChapters } from '../../domain/podcast/chapters.ts';
import { judgeTranscript, TRANSCRIPT_FORMATS } from '../../domain/podcast/transcripts.ts';

/** A guid for `guid` in the edition `slug`: a name-based UUID (version 5 layout), the same every time. */
export function derivedGuid(guid: string, slug: string): string {
  const hex = createHash('sha256').update(`summit-episode:${slug}:${guid}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The audio columns of an episode. */
export interface EpisodeAudio {
  audioKey: string | null;
  externalUrl: string | null;
  contentType: string;
  sizeBytes: number;
  durationSeconds: number | null;
  bitrate: number | null;
}

/** Audio an archive carried, stored and inspected already, by its path inside the archive. */
export type ArchiveAudio = Map<string, EpisodeAudio & { audioKey: string }>;

export async function readTransferEpisodes(db: Database, editionId: number): Promise<TransferEpisode[]> {
  const rows = await listEpisodes(db, editionId);
  return rows.map((row) => ({
    day: row.day,
    title: row.title,
    description: row.description,
    speaker: row.speaker,
    artwork: row.artwork ?? '',
    position: row.position,
    guid: row.guid,
    audioFile: row.audioKey,
    externalUrl: row.externalUrl,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    durationSeconds: row.durationSeconds,
    statedDurationSeconds: row.statedDurationSeconds,
    bitrate: row.bitrate,
    transcript: row.transcript,
    chapters: row.chapters,
  }));
}

export type AudioPlan =
  /** audio[i] is episode i's; madeKeys: files stored for this import (removed again if it fails). */
  { ok: true; audio: EpisodeAudio[]; madeKeys: string[] } | { ok: false; problems: string[]; madeKeys: string[] };

/** A file named by the document: this installation's own, used again or copied. */
async function localAudio({
  db,
  editionId,
  episode,
}: {
  db: Database;
  editionId: number | null;
  episode: TransferEpisode & { audioFile: string };
}): Promise<{ key: string; made: boolean } | null> {
  if (!(await audioExists(episode.audioFile))) return null;
  const users = await db
    .select({ editionId: episodes.editionId, guid: episodes.guid })
    .from(episodes)
    .where(eq(episodes.audioKey, episode.audioFile));
  if (users.every((user) => user.editionId === editionId && user.guid === episode.guid)) return { key: episode.audioFile, made: false };
  const copy = await copyAudio(episode.audioFile);
  return copy ? { key: copy, made: true } : null;
}

/** Where each episode's audio comes from, before anything is written; files it had to store are listed. */
export async function planEpisodeAudio({
  db,
  editionId,
  list,
  archive,
}: {
  db: Database;
  /** The edition imported into, null when the import creates it. */
  editionId: number | null;
  list: TransferEpisode[];
  archive: ArchiveAudio | null;
}): Promise<AudioPlan> {
  const audio: EpisodeAudio[] = [];
  const madeKeys: string[] = [];
  const problems: string[] = [];
  const given = new Set<string>();
  /** The file for one episode: a key an earlier episode of the document got already is copied (one file, one episode). */
  const ownFile = async (key: string): Promise<string | null> => {
    if (!given.has(key)) {
      given.add(key);
      return key;
    }
    const copy = await copyAudio(key);
    if (copy) madeKeys.push(copy);
    return copy;
  };
  for (const [index, episode] of list.entries()) {
    const { contentType, sizeBytes, durationSeconds, bitrate } = episode;
    if (episode.audioFile === null) {
      audio.push({ audioKey: null, externalUrl: episode.externalUrl, contentType, sizeBytes, durationSeconds, bitrate });
      continue;
    }
    const carried = archive?.get(episode.audioFile);
    const local = carried ? null : await localAudio({ db, editionId, episode: { ...episode, audioFile: episode.audioFile } });
    if (local?.made) madeKeys.push(local.key);
    const found = carried?.audioKey ?? local?.key;
    const key = found ? await ownFile(found) : null;
    if (!key) {
      problems.push(
        `episodes[${index}].audioFile: ${episode.audioFile} is not in this installation. Import the edition’s .zip export (“Export with audio”), which carries the audio.`,
      );
      continue;
    }
    audio.push(
      carried ? { ...carried, audioKey: key } : { audioKey: key, externalUrl: null, contentType, sizeBytes, durationSeconds, bitrate },
    );
  }
  return problems.length ? { ok: false, problems, madeKeys } : { ok: true, audio, madeKeys };
}

/**
 * Makes the edition's episodes the document's (in a transaction): updated in place by guid,
 * added, or deleted. Returns the audio keys no episode uses any more, to remove after commit.
 */
export async function replaceEpisodes({
  tx,
  edition,
  list,
  audio,
}: {
  tx: Database;
  edition: { id: number; slug: string };
  list: TransferEpisode[];
  audio: EpisodeAudio[];
}): Promise<string[]> {
  const editionId = edition.id;
  const existing = await tx
    .select({ id: episodes.id, guid: episodes.guid, audioKey: episodes.audioKey })
    .from(episodes)
    .where(eq(episodes.editionId, editionId));
  const mine = new Map(existing.map((row) => [row.guid, row]));
  const ownGuid = (guid: string) => (mine.has(guid) ? guid : derivedGuid(guid, edition.slug));
  const foreignGuids = list.map((episode) => episode.guid).filter((guid) => !mine.has(ownGuid(guid)));
  const taken = new Set(
    foreignGuids.length
      ? (await tx.select({ guid: episodes.guid }).from(episodes).where(inArray(episodes.guid, foreignGuids))).map((row) => row.guid)
      : [],
  );
  const kept: number[] = [];
  for (const [index, episode] of list.entries()) {
    const { guid, audioFile: _file, transcript, chapters, ...fields } = episode;
    const values = { ...fields, artwork: fields.artwork || null, ...episodeTexts(transcript, chapters), ...audio[index]! };
    const own = mine.get(ownGuid(guid));
    if (own) {
      await tx
        .update(episodes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(episodes.id, own.id));
      kept.push(own.id);
    } else {
      await tx.insert(episodes).values({ ...values, editionId, guid: taken.has(guid) ? derivedGuid(guid, edition.slug) : guid });
    }
  }
  const gone = existing.filter((row) => !kept.includes(row.id)).map((row) => row.id);
  await deleteEpisodes(tx, gone);
  const used = new Set(audio.map((entry) => entry.audioKey));
  return existing.flatMap((row) => (row.audioKey && !used.has(row.audioKey) ? [row.audioKey] : []));
}

/** The transcript and chapters columns, judged again as an upload is (the schema has checked they pass). */
function episodeTexts(transcript: string | null, chapters: string | null) {
  const utf8 = (text: string) => new TextEncoder().encode(text);
  const judged = transcript === null ? null : judgeTranscript(utf8(transcript));
  const checked = chapters === null ? null : judgeChapters(utf8(chapters));
  return {
    transcript: judged?.ok ? judged.text : null,
    transcriptType: judged?.ok ? TRANSCRIPT_FORMATS[judged.format].contentType : null,
    chapters: checked?.ok ? checked.json : null,
  };
}

export async function removeAudioFiles(keys: readonly string[]): Promise<void> {
  for (const key of keys) await removeAudio(key);
}
