/**
 * The private feed and its audio, served like a media server (issue 17, items 2, 4 and 5):
 *
 *   GET|HEAD /feed/{key}.xml            the registrant's feed; 304 for If-None-Match / If-Modified-Since
 *   GET|HEAD /feed/{key}/{episode}.{ext} the audio, streamed by `send` (ranges, 206, 416, ETag)
 *   GET|HEAD /feed/{key}/{episode}       an episode kept elsewhere: 302 to its URL
 *   GET|HEAD /listen/{episode}.{ext}    a day page's native player: the visitor's own window for
 *                                        that day decides (the day page's rule, by their cookie); 410 after it
 *
 * A revoked, rotated or erased key answers 410 Gone everywhere; a key that never was, 404.
 * These run on the Node server before Astro (src/server/main.ts): `send` needs Node's request
 * and response, and podcast apps poll feeds every few minutes, so the path should be short.
 * Keys are secrets: the request log (src/server/front-door/pipeline.ts) writes /feed/{key}, never the key.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';
import { parseCookie } from 'cookie';
import type { TimedPage } from '../../domain/edition.ts';
import { checkPageAccess } from '../access/page-access.ts';
import { sessionIdSchema } from '../access/user-sessions.ts';
import { VISITOR_COOKIE } from '../access/visitor-cookie.ts';
import { requestNow } from '../clock.ts';
import { getDatabase } from '../db/index.ts';
import { headersOf } from '../http/node-request.ts';
import type { NodeHandler } from '../http/node-request.ts';
import { log } from '../log.ts';
import { audioRoot, isAudioKey } from '../episodes/audio-store.ts';
import { findEpisodeById } from '../episodes/episodes.ts';
import { feedDocument, cachedFeedDocument, lookUpFeed, lookUpFeedNow, type FeedDocument, type FeedLookup } from './feed-service.ts';
import { readEdition } from '../editions/read-edition.ts';

const FEED_PATH = /^\/feed\/([A-Za-z0-9_-]{1,80})\.xml$/;
const AUDIO_PATH = /^\/feed\/([A-Za-z0-9_-]{1,80})\/(\d{1,10})(?:\.([a-z0-9]{2,4}))?$/;
const LISTEN_PATH = /^\/listen\/(\d{1,10})\.([a-z0-9]{2,4})$/;

/** Nothing in a feed or an audio file may run, be framed, or leak its URL (the key) onwards. */
const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
  'cross-origin-resource-policy': 'cross-origin',
};

const BASE_HEADER_LIST = Object.entries(BASE_HEADERS).flat();

const MESSAGES = {
  403: 'This episode plays on its day page, while the day is open for you.',
  404: 'There is no feed or episode at this address.',
  405: 'Only GET and HEAD are answered here.',
  410: 'This link no longer works: the personal feed link was replaced or revoked, or the day has closed for you.',
  500: 'Something went wrong on our side. Please try again shortly.',
} as const;

function answerText(res: ServerResponse, status: keyof typeof MESSAGES, extra: Record<string, string> = {}): void {
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
const nowOf = (req: IncomingMessage) => requestNow(headersOf(req));

async function lookUp(req: IncomingMessage, key: string): Promise<FeedLookup> {
  const { db } = await getDatabase();
  return lookUpFeed(db, key, nowOf(req));
}

/** Whether the client's copy is current: If-None-Match first, else If-Modified-Since (RFC 9110). */
function notModified(req: IncomingMessage, etag: string, lastModified: Date): boolean {
  const match = req.headers['if-none-match'];
  if (match) return match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
  const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
  return !Number.isNaN(since) && lastModified.getTime() <= since;
}

/** The headers of a feed document's answers, made once per document (polls repeat them). */
const answerHeaders = new WeakMap<FeedDocument, { notModified: string[]; full: string[] }>();

function headersFor(feed: FeedDocument): { notModified: string[]; full: string[] } {
  let known = answerHeaders.get(feed);
  if (!known) {
    const validators = [
      'etag',
      feed.etag,
      'last-modified',
      feed.lastModified.toUTCString(),
      // Personal: no shared cache may keep it; the app revalidates each poll (cheap: 304).
      'cache-control',
      'private, no-cache',
    ];
    const notModifiedHeaders = [...BASE_HEADER_LIST, ...validators];
    known = {
      notModified: notModifiedHeaders,
      full: [...notModifiedHeaders, 'content-type', 'application/rss+xml; charset=utf-8', 'content-length', String(feed.bytes.length)],
    };
    answerHeaders.set(feed, known);
  }
  return known;
}

function answerFeed(req: IncomingMessage, res: ServerResponse, feed: FeedDocument): void {
  const headers = headersFor(feed);
  if (notModified(req, feed.etag, feed.lastModified)) {
    res.writeHead(304, headers.notModified);
    return void res.end();
  }
  res.writeHead(200, headers.full);
  res.end(req.method === 'HEAD' ? undefined : feed.bytes);
}

function answerLookup({
  req,
  res,
  found,
  feed,
}: {
  req: IncomingMessage;
  res: ServerResponse;
  found: FeedLookup;
  feed: FeedDocument | undefined;
}): void {
  if (found.kind === 'gone') return answerText(res, 410);
  if (found.kind === 'unknown') return answerText(res, 404);
  answerFeed(req, res, feed!);
}

/**
 * A poll of a feed this process answered lately is answered at once from memory, waiting on
 * nothing (most polls: apps poll every few minutes); otherwise the lookup loads what it needs.
 */
function serveFeed({
  req,
  res,
  key,
  siteUrl,
}: {
  req: IncomingMessage;
  res: ServerResponse;
  key: string;
  siteUrl: string;
}): void | Promise<void> {
  const now = nowOf(req);
  const known = lookUpFeedNow(key, now);
  const kept = known?.kind === 'open' ? cachedFeedDocument(key, known) : undefined;
  if (known && (known.kind !== 'open' || kept)) return answerLookup({ req, res, found: known, feed: kept });
  return (async () => {
    const { db } = await getDatabase();
    const found = await lookUpFeed(db, key, now);
    answerLookup({ req, res, found, feed: found.kind === 'open' ? await feedDocument(key, found, siteUrl) : undefined });
  })();
}

async function serveAudio({
  req,
  res,
  key,
  episodeId,
  extension,
}: {
  req: IncomingMessage;
  res: ServerResponse;
  key: string;
  episodeId: number;
  extension: string | undefined;
}): Promise<void> {
  const found = await lookUp(req, key);
  if (found.kind === 'gone') return answerText(res, 410);
  if (found.kind === 'unknown') return answerText(res, 404);
  const episode = found.episodes.find((candidate) => candidate.id === episodeId);
  // Not (or no longer) in this registrant's feed: their access to that day has not begun or has ended.
  if (!episode) return answerText(res, 404);
  if (episode.externalUrl) {
    res.writeHead(302, { ...BASE_HEADERS, location: episode.externalUrl, 'cache-control': 'no-store' });
    return void res.end();
  }
  const storedKey = episode.audioKey ?? '';
  if (!isAudioKey(storedKey) || storedKey.split('.').pop() !== extension) return answerText(res, 404);
  streamAudio({ req, res, storedKey, contentType: episode.contentType });
}

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

/** `send` does the media-server part: Range/If-Range, 206 and 416, ETag and Last-Modified, HEAD. */
function streamAudio({
  req,
  res,
  storedKey,
  contentType,
}: {
  req: IncomingMessage;
  res: ServerResponse;
  storedKey: string;
  contentType: string;
}): void {
  send(req, `/${storedKey}`, { root: audioRoot(), index: false, dotfiles: 'deny', cacheControl: false })
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

async function serveListen({
  req,
  res,
  episodeId,
  extension,
}: {
  req: IncomingMessage;
  res: ServerResponse;
  episodeId: number;
  extension: string;
}): Promise<void> {
  const { db } = await getDatabase();
  const episode = await findEpisodeById(db, episodeId);
  const storedKey = episode?.audioKey ?? '';
  if (!episode || !isAudioKey(storedKey) || storedKey.split('.').pop() !== extension) return answerText(res, 404);
  const edition = await readEdition(db, { id: episode.editionId });
  const cookies = parseCookie(String(req.headers.cookie ?? ''));
  const session = sessionIdSchema.safeParse(cookies[VISITOR_COOKIE]);
  if (!edition) return answerText(res, 404);
  // The same decision as the day page itself, for this visitor (signed in, or the browser's
  // session: never a new one) and this day, now.
  const page = `day${episode.day}` as TimedPage;
  const pageUrl = new URL(`/${edition.slug}/day-${episode.day}`, 'http://localhost');
  const access = await checkPageAccess(db, {
    edition,
    page,
    now: nowOf(req),
    pageUrl,
    cookies: { get: (name) => (cookies[name] === undefined ? undefined : { value: cookies[name] as string }) },
    anonymousSession: async () => (session.success ? session.data : null),
  });
  // Over for this visitor: gone (410); not theirs to hear (sign in, upgrade) or not started: 403.
  if (access.kind === 'redirect') return answerText(res, access.why === 'over' ? 410 : 403);
  // A visitor with no window of their own (no session, not signed in) has nothing to hear.
  if (!access.registrant && !session.success) return answerText(res, 403);
  if (access.access.kind === 'open' && access.access.timer.phase === 'before-start') return answerText(res, 403);
  streamAudio({ req, res, storedKey, contentType: episode.contentType });
}

function route({
  req,
  res,
  pathname,
  siteUrl,
}: {
  req: IncomingMessage;
  res: ServerResponse;
  pathname: string;
  siteUrl: string;
}): void | Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return answerText(res, 405, { allow: 'GET, HEAD' });
  }
  const feed = FEED_PATH.exec(pathname);
  if (feed) return serveFeed({ req, res, key: feed[1] as string, siteUrl });
  const audio = AUDIO_PATH.exec(pathname);
  if (audio) return serveAudio({ req, res, key: audio[1] as string, episodeId: Number(audio[2]), extension: audio[3] });
  const listen = LISTEN_PATH.exec(pathname);
  if (listen) return serveListen({ req, res, episodeId: Number(listen[1]), extension: listen[2] as string });
  answerText(res, 404);
}

/** `siteUrl`: the configured public origin (env().siteUrl), which the feed's links start with. */
export function feedRoutes(next: NodeHandler, siteUrl: string): NodeHandler {
  return (req, res) => {
    const [pathname = '/'] = (req.url ?? '/').split('?');
    if (!pathname.startsWith('/feed/') && !pathname.startsWith('/listen/')) return next(req, res);
    const failed = (error: unknown) => {
      log.error({ err: error, path: '/feed/{key}' }, 'feed request failed');
      if (res.headersSent) res.destroy();
      else answerText(res, 500);
    };
    try {
      route({ req, res, pathname, siteUrl })?.catch(failed);
    } catch (error) {
      failed(error);
    }
  };
}
