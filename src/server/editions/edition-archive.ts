/**
 * The edition archive (issue 27, item 16; docs/decisions/0035): a .zip holding `edition.json`
 * (the whole-edition document) and every episode's audio file under the path the document names
 * (`audio/….mp3`), so an edition moves to another installation with its audio. Written as a
 * stream by yazl (audio stored as it is: it is compressed already), read by yauzl from a file
 * on disk, never whole in memory; the audio comes from and goes to the uploads storage (the
 * folder or the bucket). Only the document and the files it names are read; each file
 * is checked by its bytes as an upload is, and stored under a new key.
 */
import fs from 'node:fs';
import { finished, pipeline } from 'node:stream/promises';
import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { ARCHIVE_DOCUMENT_NAME } from '../../domain/edition-transfer-parts.ts';
import { ACCEPTED_AUDIO_DESCRIPTION } from '../../domain/podcast/audio-formats.ts';
import type { Database } from '../db/client.ts';
import { discardFile, keepAudio, openAudio, removeAudio, temporaryAudioPath } from '../episodes/audio-store.ts';
import { inspectAudio } from '../episodes/inspect-audio.ts';
import { log } from '../log.ts';
import { MAX_EDITION_DOCUMENT_BYTES, readEditionDocument, serializeEditionDocument } from './edition-transfer.ts';
import type { ArchiveAudio } from './transfer-episodes.ts';

export function editionArchiveName(slug: string): string {
  return `summit-edition-${slug}.zip`;
}

/** The archive as a stream, or null when there is no such edition. */
export async function exportEditionArchive(db: Database, slug: string): Promise<Readable | null> {
  const document = await readEditionDocument(db, slug);
  if (!document) return null;
  const zip = new yazl.ZipFile();
  const output = zip.outputStream.pipe(new PassThrough());
  zip.addBuffer(Buffer.from(serializeEditionDocument(document)), ARCHIVE_DOCUMENT_NAME);
  const files = (document.episodes ?? []).flatMap((episode) => (episode.audioFile ? [episode.audioFile] : []));
  addAudioFiles(zip, { slug, files }).catch((error: unknown) => {
    log.error({ err: error, slug }, 'edition archive: the audio could not be read from the storage');
    output.destroy(error as Error);
  });
  return output;
}

/**
 * The files one after another, each opened when the one before it has been written (a bucket's
 * answers are not left waiting while the archive is read), then the end of the archive.
 */
async function addAudioFiles(zip: yazl.ZipFile, { slug, files }: { slug: string; files: string[] }): Promise<void> {
  for (const audioFile of files) {
    const stream = await openAudio(audioFile);
    if (!stream) {
      // The import then names the episode whose audio is missing.
      log.warn({ slug, audioFile }, 'edition archive: an episode file is missing from the audio store');
      continue;
    }
    zip.addReadStream(stream, audioFile, { compress: false });
    await finished(stream);
  }
  zip.end();
}

export type ArchiveRead = { ok: true; text: string; audio: ArchiveAudio } | { ok: false; problems: string[] };

const NOT_AN_ARCHIVE = 'The file is not an edition archive (.zip from “Export with audio”).';
const MAX_ENTRIES = 1000;

async function readText(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
  return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
}

/** The document's audio paths, without trusting its shape (it is validated by the import). */
function audioFilesNamed(text: string): string[] {
  try {
    const episodes = (JSON.parse(text.replace(/^\uFEFF/, '')) as { episodes?: unknown }).episodes;
    if (!Array.isArray(episodes)) return [];
    return episodes.flatMap((episode: { audioFile?: unknown }) => (typeof episode?.audioFile === 'string' ? [episode.audioFile] : []));
  } catch {
    return [];
  }
}

/** Stores one file of the archive as an episode's audio, once its bytes say it is audio. */
async function storeEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
): Promise<{ ok: true; key: string; inspected: Awaited<ReturnType<typeof inspectAudio>> & { ok: true } } | { ok: false }> {
  const temporary = await temporaryAudioPath();
  try {
    await pipeline(await zip.openReadStreamPromise(entry), fs.createWriteStream(temporary));
    const inspected = await inspectAudio(temporary);
    if (!inspected.ok) return { ok: false };
    return { ok: true, key: await keepAudio(temporary, inspected.format.extension), inspected };
  } finally {
    await discardFile(temporary); // moved away already when kept
  }
}

/**
 * Reads an archive on disk: the document's text and the audio files it names, stored under new
 * keys (the caller removes them when the import does not go through). `maxAudioBytes`: the
 * largest episode file accepted (AUDIO_UPLOAD_LIMIT_MB), checked before a byte is extracted.
 */
export async function readEditionArchive(zipPath: string, maxAudioBytes: number): Promise<ArchiveRead> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false, strictFileNames: true });
  } catch {
    return { ok: false, problems: [NOT_AN_ARCHIVE] };
  }
  const audio: ArchiveAudio = new Map();
  try {
    // An export holds the document and at most one file per episode; thousands of entries are no export.
    if (zip.entryCount > MAX_ENTRIES) return { ok: false, problems: [NOT_AN_ARCHIVE] };
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const documentEntry = entries.get(ARCHIVE_DOCUMENT_NAME);
    if (!documentEntry) return { ok: false, problems: [`The archive holds no ${ARCHIVE_DOCUMENT_NAME}. ${NOT_AN_ARCHIVE}`] };
    if (documentEntry.uncompressedSize > MAX_EDITION_DOCUMENT_BYTES)
      return { ok: false, problems: [`${ARCHIVE_DOCUMENT_NAME} is larger than ${MAX_EDITION_DOCUMENT_BYTES / 1024 / 1024} MB.`] };
    const text = await readText(zip, documentEntry);
    const problems: string[] = [];
    for (const name of new Set(audioFilesNamed(text))) {
      const entry = entries.get(name);
      if (!entry) continue; // the import says which episode lacks its audio
      if (entry.uncompressedSize > maxAudioBytes) {
        problems.push(`${name}: larger than the audio upload limit (AUDIO_UPLOAD_LIMIT_MB).`);
        continue;
      }
      const stored = await storeEntry(zip, entry);
      if (!stored.ok) {
        problems.push(`${name}: not ${ACCEPTED_AUDIO_DESCRIPTION} audio.`);
        continue;
      }
      const { format, sizeBytes, durationSeconds, bitrate } = stored.inspected;
      audio.set(name, { audioKey: stored.key, externalUrl: null, contentType: format.contentType, sizeBytes, durationSeconds, bitrate });
    }
    if (problems.length) {
      await removeArchiveAudio(audio);
      return { ok: false, problems };
    }
    return { ok: true, text, audio };
  } catch (error) {
    await removeArchiveAudio(audio);
    log.warn({ err: error }, 'edition archive could not be read');
    return { ok: false, problems: [NOT_AN_ARCHIVE] };
  } finally {
    zip.close();
  }
}

export async function removeArchiveAudio(audio: ArchiveAudio): Promise<void> {
  for (const { audioKey } of audio.values()) await removeAudio(audioKey);
}
