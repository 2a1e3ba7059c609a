/**
 * gzip for a page made of parts that never change and small fields that change per request
 * (a cached personal page: src/server/page-loaders/cached-personal-pages.ts), without compressing the page
 * on every request. Each part is compressed once into its own run of deflate blocks, ended on a
 * byte boundary (a sync flush) so the runs can follow one another; each request's fields go in
 * between as stored (uncompressed) deflate blocks, a few digits each; the gzip trailer carries the
 * CRC-32 and length of the whole page. The result is one ordinary gzip member (RFC 1951, 1952).
 *
 * Why by hand (docs/decisions/0025-hot-paths-by-hand.md): compressing a 22 KB day page per request
 * costs more than everything else the request does; no maintained library stitches deflate runs.
 */
import zlib from 'node:zlib';

/** Magic, deflate, no flags, no modification time, no extra flags, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A stored block holds at most this many bytes. */
const STORED_BLOCK_MAX = 0xffff;

export interface CompressedParts {
  /** Each part as deflate blocks; all but the last end in a sync flush, the last is final. */
  runs: Buffer[];
  /** The parts as they are, for the CRC and length. */
  plain: Buffer[];
}

export function compressParts(plain: Buffer[]): CompressedParts {
  const runs = plain.map((part, index) =>
    zlib.deflateRawSync(part, {
      level: zlib.constants.Z_BEST_COMPRESSION,
      finishFlush: index === plain.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
    }),
  );
  return { runs, plain };
}

/** Non-final stored blocks for bytes that are not compressed (a few digits: one block). */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let from = 0; from < bytes.length; from += STORED_BLOCK_MAX) {
    const chunk = bytes.subarray(from, from + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00 (stored); the stream is on a byte boundary after a sync flush.
    header[0] = 0;
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/**
 * The gzip member of parts[0] fields[0] parts[1] ... parts[n], where fields has one entry fewer
 * than the parts.
 */
export function stitchGzip(parts: CompressedParts, fields: Buffer[]): Buffer<ArrayBuffer> {
  return Buffer.concat(stitchGzipChunks(parts, fields));
}

/** stitchGzip's member as the chunks it is made of, for a socket to write as they are (no copy). */
export function stitchGzipChunks(parts: CompressedParts, fields: Buffer[]): Buffer[] {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (let index = 0; index < parts.runs.length; index++) {
    chunks.push(parts.runs[index]!);
    crc = zlib.crc32(parts.plain[index]!, crc);
    length += parts.plain[index]!.length;
    const field = fields[index];
    if (index < parts.runs.length - 1 && field && field.length > 0) {
      chunks.push(...storedBlocks(field));
      crc = zlib.crc32(field, crc);
      length += field.length;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(trailer);
  return chunks;
}
