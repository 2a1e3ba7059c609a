/**
 * An edition archive cannot fill the disk (decision 0052): a zip of real MP3s each followed by
 * 100 MB of zeros (deflated to almost nothing), a zip whose entries share their compressed
 * bytes, padded MP3s stored as they are, and an archive larger than the free disk are each
 * refused with a message, and leave nothing in the audio store or its temporary files. Before
 * the fix every one was extracted and kept.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEditionArchive, removeArchiveAudio, type ArchiveRead } from '../../../src/server/editions/edition-archive.ts';
import { DISK_RESERVE_BYTES } from '../../../src/server/editions/archive-limits.ts';
import { configureUploads } from '../../../src/server/uploads/upload-storage.ts';

const scratch = path.join(os.tmpdir(), `summit-archive-bounds-${process.pid}`);
const audioFolder = path.join(scratch, 'uploads', 'audio');
const AUDIO_LIMIT = 500_000_000;
const MP3 = path.resolve('src/content/audio/day1.mp3');
const fileName = (index: number) => `audio/1700000000000-${String(index).padStart(16, '0')}.mp3`;
const documentNaming = (names: string[]) => JSON.stringify({ version: 2, episodes: names.map((audioFile) => ({ audioFile })) });

beforeAll(async () => {
  await fs.mkdir(scratch, { recursive: true });
  configureUploads(scratch);
});
afterAll(async () => {
  configureUploads(path.join(os.tmpdir(), 'summit-vitest-data'));
  await fs.rm(scratch, { recursive: true, force: true });
});

/** `bytes` zeros as a stream, without holding them in memory. */
function zeros(bytes: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  return Readable.from(
    (function* () {
      for (let left = bytes; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    })(),
  );
}

/** An MP3 and then `padding` zeros, as one stream. */
async function paddedMp3(padding: number): Promise<Readable> {
  const head = await fs.readFile(MP3);
  return Readable.from(
    (async function* () {
      yield head;
      for await (const chunk of zeros(padding)) yield chunk as Buffer;
    })(),
  );
}

async function writeZip(file: string, fill: (zip: yazl.ZipFile) => Promise<void>): Promise<string> {
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(file));
  await fill(zip);
  zip.end();
  await written;
  return file;
}

/** What the import left in the audio store: kept files and temporary ones. */
const leftInStore = async () => (await fs.readdir(audioFolder).catch(() => [] as string[])).sort();

async function refusedWith(read: ArchiveRead): Promise<string[]> {
  if (read.ok) {
    await removeArchiveAudio(read.audio);
    throw new Error('the archive was accepted');
  }
  return read.problems;
}

describe('edition archives that would fill the disk', () => {
  // The attack sent 20 such files in 2.5 MB; three show the same (deflating 2 GB takes a while).
  it('refuses MP3s each followed by 100 MB of zeros, deflated: nothing is extracted', { timeout: 180_000 }, async () => {
    const names = Array.from({ length: 3 }, (_, index) => fileName(index));
    const archive = await writeZip(path.join(scratch, 'bomb.zip'), async (zip) => {
      zip.addBuffer(Buffer.from(documentNaming(names)), 'edition.json');
      for (const name of names) zip.addReadStream(await paddedMp3(100_000_000), name, { compress: true });
    });
    expect((await fs.stat(archive)).size).toBeLessThan(1_000_000);
    const before = await leftInStore();
    const problems = await refusedWith(await readEditionArchive(archive, AUDIO_LIMIT));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^${names[0]}: it would expand from \\d+ KB to 100 MB, more than 4 times\\. Audio hardly compresses, so this is no episode file\\.$`,
      ),
    );
    expect(await leftInStore()).toEqual(before);
  });

  it('refuses entries that share their compressed bytes once the total passes 4 times the archive’s size', async () => {
    // One entry (an MP3 with 50 KB of zeros: about 3.5 times its compressed size) named ten times in
    // the central directory, each name pointing at the same data: 10 x 78 KB from an archive of 25 KB.
    const names = Array.from({ length: 10 }, (_, index) => fileName(index));
    const single = await writeZip(path.join(scratch, 'single.zip'), async (zip) => {
      zip.addBuffer(Buffer.from(documentNaming(names)), 'edition.json');
      zip.addReadStream(await paddedMp3(50_000), names[0]!, { compress: true });
    });
    const archive = path.join(scratch, 'overlapping.zip');
    await fs.writeFile(archive, withNamesSharingLastEntry(await fs.readFile(single), names.slice(1)));
    const before = await leftInStore();
    const problems = await refusedWith(await readEditionArchive(archive, AUDIO_LIMIT));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^The archive would extract to more than \d+ KB, 4 times its own size: it is refused\.$/);
    expect(await leftInStore()).toEqual(before);
  });

  it(
    'refuses an MP3 of 7 seconds stored with 100 MB of zeros (no compression): its size disagrees with its length',
    { timeout: 120_000 },
    async () => {
      const name = fileName(1);
      const archive = await writeZip(path.join(scratch, 'stored.zip'), async (zip) => {
        zip.addBuffer(Buffer.from(documentNaming([name])), 'edition.json');
        zip.addReadStream(await paddedMp3(100_000_000), name, { compress: false });
      });
      const before = await leftInStore();
      const problems = await refusedWith(await readEditionArchive(archive, AUDIO_LIMIT));
      expect(problems).toEqual([`${name}: The file holds more than audio: part of it has no MP3 frames.`]);
      expect(await leftInStore()).toEqual(before);
    },
  );

  it('refuses an entry larger than the free disk space beyond the reserve, before writing it', async () => {
    const name = fileName(2);
    const archive = await writeZip(path.join(scratch, 'real.zip'), async (zip) => {
      zip.addBuffer(Buffer.from(documentNaming([name])), 'edition.json');
      zip.addBuffer(await fs.readFile(MP3), name, { compress: false });
    });
    const before = await leftInStore();
    const almostFull = async () => DISK_RESERVE_BYTES + 10_000;
    const problems = await refusedWith(await readEditionArchive(archive, AUDIO_LIMIT, almostFull));
    expect(problems).toEqual([
      `${name}: there is not enough free disk space to extract it (10 KB free beyond the 1000 MB kept for the site). Free some disk space and import it again.`,
    ]);
    expect(await leftInStore()).toEqual(before);
    // With the room, the same archive is read and its file kept.
    const read = await readEditionArchive(archive, AUDIO_LIMIT, async () => DISK_RESERVE_BYTES + 1_000_000);
    expect(read.ok).toBe(true);
    if (read.ok) await removeArchiveAudio(read.audio);
  });
});

/**
 * The zip with a copy of its last central directory record for each of `names` (as long as the
 * last entry's name), all pointing at the last entry's data: a crafted zip's overlapping entries.
 */
function withNamesSharingLastEntry(zip: Buffer, names: string[]): Buffer {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryStart = zip.readUInt32LE(end + 16);
  // The last record: walk the directory to it.
  let record = directoryStart;
  for (let index = 0; index < entries - 1; index++)
    record += 46 + zip.readUInt16LE(record + 28) + zip.readUInt16LE(record + 30) + zip.readUInt16LE(record + 32);
  const last = zip.subarray(record, directoryStart + directorySize);
  const nameLength = last.readUInt16LE(28);
  const copies = names.map((name) => {
    expect(Buffer.byteLength(name)).toBe(nameLength);
    const copy = Buffer.from(last);
    copy.write(name, 46, 'latin1');
    return copy;
  });
  const directory = Buffer.concat([zip.subarray(directoryStart, directoryStart + directorySize), ...copies]);
  const endRecord = Buffer.from(zip.subarray(end, end + 22));
  endRecord.writeUInt16LE(entries + names.length, 8);
  endRecord.writeUInt16LE(entries + names.length, 10);
  endRecord.writeUInt32LE(directory.length, 12);
  return Buffer.concat([zip.subarray(0, directoryStart), directory, endRecord]);
}
