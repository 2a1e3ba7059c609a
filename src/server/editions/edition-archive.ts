/**
 * The edition archive (docs/decisions/0035): a .zip holding `edition.json`
 * (the whole-edition document) and every episode's audio file under the path the document names
 * (`audio/….mp3`), so an edition moves to another installation with its audio. Written as a
 * stream by yazl (audio stored as it is: it is compressed already), read by yauzl from a file
 * on disk, never whole in memory; the audio comes from and goes to the uploads storage (the
 * folder or the bucket). Only the document and the files it names are read; each file
 * is checked by its bytes as an upload is, and stored under a new key, within the bounds of
 * archive-limits.ts (compression ratio, total size, free disk).
 */
import fs from 'node:fs';
import { finished, pipeline } from 'node:stream/promises';
import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { ARCHIVE_DOCUMENT_NAME } from '../../domain/edition-transfer-parts.ts';
import { ACCEPTED_AUDIO_DESCRIPTION } from '../../domain/podcast/audio-formats.ts';
import type { Database } from '../db/client.ts';
import { audioRoot, discardFile, keepAudio, openAudio, removeAudio, temporaryAudioPath } from '../episodes/audio-store.ts';
import { inspectAudio, type InspectedAudio } from '../episodes/inspect-audio.ts';
import { log } from '../log.ts';
import { MAX_EDITION_DOCUMENT_BYTES, readEditionDocument, serializeEditionDocument } from './edition-transfer.ts';
import type { ArchiveAudio } from './transfer-episodes.ts';
import { ArchiveLimitError, byteLimit, extractionBudget, freeDiskBytes } from './archive-limits.ts';

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
  // Each file once, however many episodes name it (an installation from before each episode had its own).
  const files = [...new Set((document.episodes ?? []).flatMap((episode) => (episode.audioFile ? [episode.audioFile] : [])))];
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

type StoredEntry = { ok: true; key: string; inspected: InspectedAudio & { ok: true } } | { ok: false; problem: string };

/**
 * Stores one file of the archive as an episode's audio, once its bytes say it is audio. At most
 * `limit` bytes are written: the stream stops there (ArchiveLimitError).
 */
async function storeEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number): Promise<StoredEntry> {
  const temporary = await temporaryAudioPath();
  const name = entry.fileName;
  try {
    await pipeline(await zip.openReadStreamPromise(entry), byteLimit(limit, name), fs.createWriteStream(temporary));
    const inspected = await inspectAudio(temporary);
    if (!inspected.ok) {
      const problem = inspected.reason === 'padded' ? `${name}: ${inspected.error}` : `${name}: not ${ACCEPTED_AUDIO_DESCRIPTION} audio.`;
      return { ok: false, problem };
    }
    return { ok: true, key: await keepAudio(temporary, inspected.format.extension), inspected };
  } finally {
    await discardFile(temporary); // moved away already when kept
  }
}

/** The audio files an archive's document names, stored one by one within the archive's budget (archive-limits.ts). */
async function storeNamedFiles({
  zip,
  entries,
  names,
  maxAudioBytes,
  budget,
  audio,
}: {
  zip: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
  names: Iterable<string>;
  maxAudioBytes: number;
  budget: ReturnType<typeof extractionBudget>;
  /** Filled as each file is stored, so the caller removes what was stored whatever happens. */
  audio: ArchiveAudio;
}): Promise<string[]> {
  const problems: string[] = [];
  for (const name of names) {
    const entry = entries.get(name);
    if (!entry) continue; // the import says which episode lacks its audio
    if (entry.uncompressedSize > maxAudioBytes) {
      problems.push(`${name}: larger than the audio upload limit (AUDIO_UPLOAD_LIMIT_MB).`);
      continue;
    }
    const allowed = await budget.allow({ name, compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize });
    if (!allowed.ok) {
      // Past a bound nothing more is extracted: the archive is refused whatever the rest holds.
      problems.push(allowed.problem);
      break;
    }
    budget.spend(allowed.bytes);
    const stored = await storeEntry(zip, entry, allowed.bytes).catch((error: unknown) => {
      if (error instanceof ArchiveLimitError) return { ok: false as const, problem: error.message };
      throw error;
    });
    if (!stored.ok) {
      problems.push(stored.problem);
      continue;
    }
    const { format, sizeBytes, durationSeconds, bitrate } = stored.inspected;
    audio.set(name, { audioKey: stored.key, externalUrl: null, contentType: format.contentType, sizeBytes, durationSeconds, bitrate });
  }
  return problems;
}

/**
 * Reads an archive on disk: the document's text and the audio files it names, stored under new
 * keys (the caller removes them when the import does not go through). `maxAudioBytes`: the
 * largest episode file accepted (AUDIO_UPLOAD_LIMIT_MB), checked before a byte is extracted;
 * `freeDisk`: the free bytes of the disk the files are extracted to (archive-limits.ts).
 */
export async function readEditionArchive(
  zipPath: string,
  maxAudioBytes: number,
  freeDisk: () => Promise<number> = () => freeDiskBytes(audioRoot()),
): Promise<ArchiveRead> {
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
    const budget = extractionBudget({ archiveBytes: (await fs.promises.stat(zipPath)).size, freeDisk });
    const problems = await storeNamedFiles({ zip, entries, names: new Set(audioFilesNamed(text)), maxAudioBytes, budget, audio });
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
