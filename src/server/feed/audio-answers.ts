/**
 * The answers the feed and listen routes share: the headers every feed, audio file and refusal
 * carries, the plain-text refusals, and the audio: streamed by `send` (ranges, 206, 416, ETag)
 * from the local folder, or a redirect to the bucket.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';
import { requestNow } from '../clock.ts';
import { headersOf } from '../http/node-request.ts';
import { log } from '../log.ts';
import { getStorage } from '../uploads/upload-storage.ts';
import { clientAddress } from '../http/request-origin.ts';
import { noteAudioRequest, observeSentBytes, type AudioRequestNote } from '../listening/audio-requests.ts';

/** Nothing in a feed or an audio file may run, be framed, or leak its URL (the key) onwards. */
export const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
  'cross-origin-resource-policy': 'cross-origin',
};

export const BASE_HEADER_LIST = Object.entries(BASE_HEADERS).flat();

const MESSAGES = {
  403: 'This episode plays on its day page, while the day is open for you.',
  404: 'There is no feed or episode at this address.',
  405: 'Only GET and HEAD are answered here.',
  410: 'This link no longer works: the personal feed link was replaced or revoked, or the day has closed for you.',
  500: 'Something went wrong on our side. Please try again shortly.',
} as const;

export function answerText(res: ServerResponse, status: keyof typeof MESSAGES, extra: Record<string, string> = {}): void {
  const body = MESSAGES[status];
  res.writeHead(status, {
    ...BASE_HEADERS,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...extra,
  });
  res.end(body);
}

/** The request clock (src/server/clock.ts), which reads x-test-now under UNSAFE_TEST_CLOCK. */
export const nowOf = (req: IncomingMessage) => requestNow(headersOf(req));

/**
 * RFC 9110 section 14.1.2: a suffix range longer than the file ("bytes=-99999" of a 27,818-byte
 * file) selects the whole file. range-parser refuses it (416), so it is written as "0-" first.
 */
function wholeSuffixRanges(range: string, size: number): string {
  const match = /^bytes=(.*)$/i.exec(range.trim());
  if (!match) return range;
  const parts = match[1]!.split(',').map((part) => {
    const suffix = /^\s*-(\d+)\s*$/.exec(part);
    return suffix && Number(suffix[1]) > size ? '0-' : part.trim();
  });
  return `bytes=${parts.join(',')}`;
}

/** What the audio routes tell the listening count about a request (src/server/listening/audio-requests.ts). */
export type ListenedAudio = Pick<AudioRequestNote, 'episode' | 'route'> & { registrantId: number | null; visitorSession?: string | null };

/** The note of one audio request, but for the bytes sent (added by the streaming path, absent for a redirect). */
function noteOf(req: IncomingMessage, listened: ListenedAudio): AudioRequestNote {
  const headers = headersOf(req);
  return {
    episode: listened.episode,
    route: listened.route,
    listener: {
      registrantId: listened.registrantId,
      visitorSession: listened.visitorSession ?? null,
      address: clientAddress(headers, req.socket.remoteAddress),
      userAgent: headers.headers.get('user-agent'),
    },
    method: req.method ?? 'GET',
    rangeHeader: headers.headers.get('range'),
    at: nowOf(req),
  };
}

/** A 302 to audio kept elsewhere, noted with the range asked for (the bytes sent are not ours to see). */
export function redirectToAudio(
  req: IncomingMessage,
  res: ServerResponse,
  { url, listened }: { url: string; listened: ListenedAudio },
): void {
  noteAudioRequest(noteOf(req, listened));
  res.writeHead(302, { ...BASE_HEADERS, location: url, 'cache-control': 'no-store' });
  res.end();
}

interface AudioRequest {
  req: IncomingMessage;
  res: ServerResponse;
  storedKey: string;
  contentType: string;
  listened: ListenedAudio;
}

/**
 * A stored episode's audio, once access has been decided: from a bucket, a redirect to a
 * short-lived presigned URL (podcast apps and browsers follow it, Range and all: the audio bytes
 * never pass through Node; counted by the range asked for, as any redirect); from the local
 * folder, streamed here (decision 0040) and counted by the bytes sent.
 */
export function streamAudio(request: AudioRequest): void {
  const folder = getStorage().folder;
  if (folder === null) return void redirectToStorage(request);
  streamFromFolder(request, folder);
}

async function redirectToStorage({ req, res, storedKey, listened }: AudioRequest): Promise<void> {
  try {
    const location = await getStorage().downloadUrl(storedKey);
    if (!location) return answerText(res, 404);
    // The URL is itself short-lived: nobody may keep the redirect.
    redirectToAudio(req, res, { url: location, listened });
  } catch (error) {
    log.error({ err: error }, 'audio: no download address from the storage');
    if (!res.headersSent) answerText(res, 500);
  }
}

/**
 * `send` does the media-server part: Range/If-Range, 206 and 416, ETag and Last-Modified, HEAD.
 * The bytes the file stream hands to the response are noted for the listening count when the
 * response ends (also when the listener goes away part-way).
 */
function streamFromFolder({ req, res, storedKey, contentType, listened }: AudioRequest, root: string): void {
  const note = noteOf(req, listened);
  const sent = observeSentBytes(req, res, (served) => noteAudioRequest({ ...note, served }));
  send(req, `/${storedKey}`, { root, index: false, dotfiles: 'deny', cacheControl: false })
    .on('stream', sent.onStream)
    // Before send reads the Range header: a suffix longer than the file means the whole file.
    .on('file', (_path: string, stat: { size: number }) => {
      const range = req.headers.range;
      if (range) req.headers.range = wholeSuffixRanges(range, stat.size);
    })
    .on('headers', (response: ServerResponse) => {
      for (const [name, value] of Object.entries(BASE_HEADERS)) response.setHeader(name, value);
      response.setHeader('content-type', contentType);
      response.setHeader('cache-control', 'private, max-age=3600');
    })
    .on('error', (error: { status?: number; headers?: Record<string, string> }) => {
      if (res.headersSent) return void res.destroy();
      const status = error.status ?? 500;
      if (status === 404 || status >= 500) return answerText(res, status === 404 ? 404 : 500);
      // 416 (with Content-Range: bytes */size) and 412: send's answer, without a body.
      res.writeHead(status, { ...BASE_HEADERS, ...error.headers, 'content-length': 0, 'cache-control': 'no-store' });
      res.end();
    })
    .pipe(res);
}
