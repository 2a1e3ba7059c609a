/**
 * The one entry the audio routes call (decision 0037): `noteAudioRequest` after each GET or
 * HEAD of an episode's audio, wherever it is answered (the feed's enclosures and /listen, which
 * the day pages and the dashboard play). It only appends to a bounded queue in memory and returns:
 * the rules (src/domain/listening/) run when the queue is drained, in batches, behind the request
 * (listening-writer.ts), so counting never slows the audio routes and never awaits the database.
 *
 * What a route knows of the bytes it sent:
 * - streamed here (`send`): `served` is the first byte offset and the number of bytes the file
 *   stream handed to the response (observeSentBytes below), so a listener who stops after ten
 *   seconds is not counted, and ranges add up;
 * - redirected (audio kept elsewhere, or object storage later): leave `served` out, and the
 *   requested range counts as sent (no Range, or an open-ended one from 0: the whole file). That
 *   is the guidelines' URL-prefix measurement (section 5.2): it counts requests, not bytes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { EpisodeAudioFacts } from '../../domain/listening/one-minute.ts';
import { log } from '../log.ts';

export type AudioRoute = 'feed' | 'listen';

export interface AudioRequestNote {
  episode: EpisodeAudioFacts & { id: number; editionId: number };
  /**
   * registrantId: who the personal key (feed) or the sign-in cookie (listen) names; null for anyone
   * else. visitorSession: the browser session of the visitor cookie on /listen, which names a
   * listener who is no registrant; null without one.
   */
  listener: { registrantId: number | null; visitorSession: string | null; address: string; userAgent: string | null };
  route: AudioRoute;
  method: string;
  rangeHeader: string | null;
  /** The bytes sent, when the route sent them itself; omitted when unknown (a redirect). */
  served?: { firstByte: number; bytes: number };
  /** The request's instant (the request clock, which tests may set). */
  at: Date;
}

/**
 * Notes waiting for the next drain. Bounded: past this many (a drain every second or two keeps it
 * far below), further notes are dropped and the drop is logged, so a flood cannot grow memory.
 */
export const MAX_PENDING_NOTES = 20_000;
let pending: AudioRequestNote[] = [];
let dropped = 0;

/** What a note keeps of the request's own text, so each note is small whatever a client sends. */
const MAX_AGENT = 512;
const MAX_ADDRESS = 64;
/** The longest single range there is (`bytes=` and two 15-digit offsets); longer is several ranges: the whole file. */
const MAX_RANGE = 40;

function bounded(note: AudioRequestNote): AudioRequestNote {
  const { address, userAgent } = note.listener;
  const range = note.rangeHeader;
  return {
    ...note,
    listener: { ...note.listener, address: address.slice(0, MAX_ADDRESS), userAgent: userAgent?.slice(0, MAX_AGENT) ?? null },
    rangeHeader: range === null || range.length <= MAX_RANGE ? range : 'bytes=several',
  };
}

export function noteAudioRequest(note: AudioRequestNote): void {
  // Nothing is transferred by a HEAD request: it never counts, so it is not even kept.
  if (note.method !== 'GET') return;
  if (pending.length >= MAX_PENDING_NOTES) {
    dropped++;
    return;
  }
  pending.push(bounded(note));
}

/** Everything noted since the last call, oldest first (the drain takes it whole). */
export function takePendingNotes(): AudioRequestNote[] {
  const taken = pending;
  pending = [];
  if (dropped > 0) {
    log.warn({ dropped }, 'audio requests not counted: the listening queue was full');
    dropped = 0;
  }
  return taken;
}

/** Puts notes back in front of the queue (the salts could not be read: the database is away), within its bound. */
export function returnPendingNotes(notes: readonly AudioRequestNote[]): void {
  const room = Math.max(0, MAX_PENDING_NOTES - pending.length);
  dropped += Math.max(0, notes.length - room);
  pending = [...notes.slice(notes.length - room), ...pending];
}

/** The first byte of a 206's Content-Range (`bytes 100-199/1000`); 0 for a whole file. */
function firstByteOf(res: ServerResponse): number {
  const match = /^bytes (\d+)-/.exec(String(res.getHeader('content-range') ?? ''));
  return match ? Number(match[1]) : 0;
}

/**
 * Counts the bytes a file stream hands to the response and reports them once the response has
 * finished or the client went away. `stream` is what `send` emits as 'stream'; `report` is called
 * exactly once, also when no stream was opened (a 304, 412 or 416: no bytes).
 */
export function observeSentBytes(
  req: IncomingMessage,
  res: ServerResponse,
  report: (served: { firstByte: number; bytes: number }) => void,
): { onStream(stream: Readable): void } {
  let bytes = 0;
  let reported = false;
  res.once('close', () => {
    if (reported) return;
    reported = true;
    report({ firstByte: firstByteOf(res), bytes: req.method === 'GET' ? bytes : 0 });
  });
  return {
    onStream(stream) {
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
    },
  };
}
