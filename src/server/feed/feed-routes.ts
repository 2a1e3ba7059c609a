/**
 * The private feed and its audio, served like a media server (decision 0020):
 *
 *   GET|HEAD /feed/{key}.xml            the registrant's feed; 304 for If-None-Match / If-Modified-Since
 *   GET|HEAD /feed/{key}/{episode}.{ext} the audio, streamed by `send` (ranges, 206, 416, ETag)
 *   GET|HEAD /feed/{key}/{episode}       an episode kept elsewhere: 302 to its URL
 *   GET|HEAD /feed/{key}/{episode}/transcript.{vtt|srt|txt}, .../chapters.json
 *                                        its transcript and chapters (episode-text-answer.ts), on the audio's terms
 *   GET|HEAD /listen/{episode}.{ext}    (listen-route.ts) a page's native player: the one access rule for that day and
 *                                        visitor decides (by their cookies), as the page does; 410 after it
 *   GET|HEAD /listen/{episode}           an episode kept elsewhere: 302 to its URL, on the same terms
 *
 * A revoked, rotated or erased key answers 410 Gone everywhere; a key that never was, 404.
 * These run on the Node server before Astro (src/server/main.ts): `send` needs Node's request
 * and response, and podcast apps poll feeds every few minutes, so the path should be short.
 * Keys are secrets: the request log (src/server/front-door/pipeline.ts) writes /feed/{key}, never the key.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDatabase } from '../db/index.ts';
import type { NodeHandler } from '../http/node-request.ts';
import { log } from '../log.ts';
import { isAudioKey } from '../episodes/audio-store.ts';
import { feedDocument, cachedFeedDocument, lookUpFeed, lookUpFeedNow, type FeedDocument, type FeedLookup } from './feed-service.ts';
import { answerText, BASE_HEADER_LIST, nowOf, redirectToAudio, streamAudio, type ListenedAudio } from './audio-answers.ts';
import { serveListen } from './listen-route.ts';
import { answerEpisodeText } from './episode-text-answer.ts';
import { FRONT_DOOR_PATHS } from '../../domain/front-door-paths.ts';

const { feed: FEED_PATH, feedAudio: AUDIO_PATH, feedText: TEXT_PATH, listen: LISTEN_PATH } = FRONT_DOOR_PATHS;

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

/** The episode of this key's feed, when the key may hear it now; otherwise the refusal was answered. */
/** The episode of this registrant's feed and who they are, or nothing when the refusal has been answered. */
async function episodeOfFeed(req: IncomingMessage, res: ServerResponse, { key, episodeId }: { key: string; episodeId: number }) {
  const found = await lookUp(req, key);
  if (found.kind === 'gone') return answerText(res, 410);
  if (found.kind === 'unknown') return answerText(res, 404);
  const episode = found.episodes.find((candidate) => candidate.id === episodeId);
  // Not (or no longer) in this registrant's feed: their access to that day has not begun or has ended.
  if (!episode) return answerText(res, 404);
  return { episode, registrantId: found.registrant.id };
}

async function serveText({ req, res, match }: { req: IncomingMessage; res: ServerResponse; match: RegExpExecArray }): Promise<void> {
  const found = await episodeOfFeed(req, res, { key: match[1] as string, episodeId: Number(match[2]) });
  if (found) answerEpisodeText({ req, res, episode: found.episode, name: match[3] as string });
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
  const found = await episodeOfFeed(req, res, { key, episodeId });
  if (!found) return;
  const { episode } = found;
  // The personal key names the listener: one registrant on every device and app.
  const listened: ListenedAudio = { episode, route: 'feed', registrantId: found.registrantId };
  if (episode.externalUrl) return redirectToAudio(req, res, { url: episode.externalUrl, listened });
  const storedKey = episode.audioKey ?? '';
  if (!isAudioKey(storedKey) || storedKey.split('.').pop() !== extension) return answerText(res, 404);
  streamAudio({ req, res, storedKey, contentType: episode.contentType, listened });
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
  const text = TEXT_PATH.exec(pathname);
  if (text) return serveText({ req, res, match: text });
  const listen = LISTEN_PATH.exec(pathname);
  if (listen) return serveListen({ req, res, episodeId: Number(listen[1]), extension: listen[2] });
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
