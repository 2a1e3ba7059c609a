/**
 * How much an edition archive may write to the disk when it is imported (docs/decisions/0052).
 * Each entry is checked against the audio upload limit by edition-archive.ts; on top of that,
 * per archive:
 * - an entry may expand at most MAX_EXPANSION times: audio is compressed already and hardly
 *   shrinks in a zip (our export stores it as it is), so a file of zeros deflated a thousandfold
 *   is no episode;
 * - everything extracted together may be at most MAX_EXPANSION times the archive's own size,
 *   counted as the bytes arrive (entries of a crafted zip can share their compressed data, so
 *   the entries' sizes alone do not bound the total);
 * - an entry must fit in the free disk space, less DISK_RESERVE_BYTES kept for the database,
 *   the logs and the uploads that keep arriving.
 * The sizes in the zip's headers are checked first, for a clear refusal before a byte is
 * written; the bytes are then counted while they stream, and the stream stops at the bound.
 */
import fs from 'node:fs/promises';
import { Transform } from 'node:stream';
import { formatFileSize, formatMegabytes } from '../../domain/podcast/audio-formats.ts';

export const MAX_EXPANSION = 4;
export const DISK_RESERVE_BYTES = 1_000_000_000;

/** A bound an archive went past: its message is shown to the admin as it is. */
export class ArchiveLimitError extends Error {}

/** The free bytes an unprivileged process may write on the disk holding `folder`. */
export async function freeDiskBytes(folder: string): Promise<number> {
  await fs.mkdir(folder, { recursive: true }); // a new installation's uploads folder comes with its first file
  const stats = await fs.statfs(folder);
  return stats.bavail * stats.bsize;
}

export interface ArchiveEntrySize {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/**
 * The bytes one archive may still write, spent as its entries are extracted. `freeDisk` is
 * asked before each entry: files kept on this disk take their room, files moved on to a bucket
 * give it back.
 */
export function extractionBudget({ archiveBytes, freeDisk }: { archiveBytes: number; freeDisk: () => Promise<number> }) {
  const total = archiveBytes * MAX_EXPANSION;
  let spent = 0;
  return {
    /** How many bytes this entry may have, or why it may not be extracted. */
    async allow(entry: ArchiveEntrySize): Promise<{ ok: true; bytes: number } | { ok: false; problem: string }> {
      const { name, compressedSize, uncompressedSize } = entry;
      if (uncompressedSize > compressedSize * MAX_EXPANSION) {
        return {
          ok: false,
          problem: `${name}: it would expand from ${formatFileSize(compressedSize)} to ${formatFileSize(uncompressedSize)}, more than ${MAX_EXPANSION} times. Audio hardly compresses, so this is no episode file.`,
        };
      }
      if (spent + uncompressedSize > total) {
        return {
          ok: false,
          problem: `The archive would extract to more than ${formatFileSize(total)}, ${MAX_EXPANSION} times its own size: it is refused.`,
        };
      }
      const room = (await freeDisk()) - DISK_RESERVE_BYTES;
      if (uncompressedSize > room) {
        return {
          ok: false,
          problem: `${name}: there is not enough free disk space to extract it (${formatFileSize(Math.max(0, room))} free beyond the ${formatMegabytes(DISK_RESERVE_BYTES)} kept for the site). Free some disk space and import it again.`,
        };
      }
      return { ok: true, bytes: uncompressedSize };
    },
    spend(bytes: number): void {
      spent += bytes;
    },
  };
}

/** Passes at most `limit` bytes on, and fails with ArchiveLimitError at the first byte past it. */
export function byteLimit(limit: number, name: string): Transform & { passed: () => number } {
  let passed = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      passed += chunk.length;
      if (passed > limit) return done(new ArchiveLimitError(`${name}: it holds more bytes than the archive says; the archive is refused.`));
      done(null, chunk);
    },
  });
  return Object.assign(counter, { passed: () => passed });
}
