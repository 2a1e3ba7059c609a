/**
 * The hot path's answers are assembled in buffers that are used again once the socket has taken
 * their bytes, instead of a new buffer per answer or a writev of the page's parts as they are.
 * Measured on a 31 KB day page (docs/decisions/0078-one-buffer-per-answer.md): a bare `node:http`
 * server spends 21-25 µs of CPU per request writing one buffer it keeps, 25-31 µs when it first
 * copies the parts into a new buffer, and 28-37 µs when it writes the parts as 37 slices; a
 * buffer used again costs what one kept buffer does.
 *
 * A buffer goes back to the free list only when the answer has finished (its bytes are in the
 * kernel); an answer whose connection closes first keeps its buffer, which is then collected
 * like any other. The free list is bounded in count and in buffer size, so its memory is bounded
 * whatever visitors ask.
 */

/** Buffers are made in multiples of this, so pages of similar sizes share them. */
const SIZE_STEP = 64 * 1024;
/** Answers larger than this get a buffer of their own (not kept). */
const LARGEST_KEPT = 256 * 1024;
/** At most this many buffers wait for reuse (at most 4 MB). */
const MOST_KEPT = 16;

const free: Buffer[] = [];

function bufferFor(length: number): Buffer {
  const index = free.findIndex((buffer) => buffer.length >= length);
  if (index !== -1) return free.splice(index, 1)[0]!;
  return Buffer.allocUnsafeSlow(Math.ceil(length / SIZE_STEP) * SIZE_STEP);
}

/** The most bytes the parts can make: text takes at most 3 bytes of UTF-8 per UTF-16 unit. */
function mostBytes(parts: ReadonlyArray<Buffer | string>): number {
  let length = 0;
  for (const part of parts) length += typeof part === 'string' ? part.length * 3 : part.length;
  return length;
}

export interface AssembledBody {
  bytes: Buffer;
  /** Called when the answer has finished (res.end's callback): the buffer may be used again. */
  release: (() => void) | undefined;
}

/** The parts (buffers, and text as UTF-8) one after the other in a buffer used again. */
export function assembledBody(parts: ReadonlyArray<Buffer | string>): AssembledBody {
  const buffer = bufferFor(mostBytes(parts));
  let at = 0;
  for (const part of parts) at += typeof part === 'string' ? buffer.write(part, at) : part.copy(buffer, at);
  const kept = buffer.length <= LARGEST_KEPT;
  return {
    bytes: buffer.subarray(0, at),
    release: kept ? () => free.length < MOST_KEPT && free.push(buffer) : undefined,
  };
}
