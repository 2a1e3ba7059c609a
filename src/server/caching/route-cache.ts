/**
 * Astro's route cache (astro.config.mjs `cache.provider`), kept in this process. Pages and
 * endpoints opt in with `Astro.cache.set` (sharePublicly in src/server/http/responses.ts); a content change
 * drops every entry tagged with it, here and, through Postgres NOTIFY, in every other process
 * (src/server/caching/change-announcement.ts).
 *
 * Astro's built-in memoryCache() does the same protocol, but it is bounded by entry count only,
 * compresses nothing, and answers no conditional request. This provider keeps its LRU in
 * `lru-cache` with an entry AND a byte bound, keeps each page with its gzip and brotli copies
 * (compressed once, not per request), gives it an ETag and answers If-None-Match with a 304.
 * The query string takes part in the key only through the parameters some route reads, so
 * `/?junk=1`, `/?junk=2`, ... are one entry. See docs/decisions/0014-route-cache.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { CacheProvider, InvalidateOptions } from 'astro';
import { App } from 'astro/app';
import etag from 'etag';
import fresh from 'fresh';
import type { LRUCache } from 'lru-cache';
import { acceptedEncoding } from './accepted-encoding.ts';
import { redactKeys } from '../../domain/access/redact.ts';
import { log } from '../log.ts';
import { SERVED_STALE_HEADER } from '../http/responses.ts';
import { requestUrl } from '../http/node-request.ts';
import { noteCacheVerdict } from './cache-verdict.ts';
import { PAGE_PATH_HEADER, type PagePath } from '../http/page-path.ts';
import { boundedCache } from './bounded-cache.ts';

export interface RouteCacheConfig {
  /** Entries kept at most. */
  maxEntries: number;
  /** Bytes kept at most: bodies, their compressed copies, headers and keys. */
  maxBytes: number;
  /** Larger responses are served but not kept. */
  maxEntryBytes: number;
  /** The only query parameters that make a different entry (the content API's). */
  queryKeys: string[];
  /**
   * How long after it was stored an entry may still answer when its page can no longer be
   * rendered (the database is down): the last good copy, marked as stale (decision 0022).
   */
  staleIfErrorSeconds?: number;
}

interface Entry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  etag: string;
  storedAt: number;
  maxAgeMs: number;
  swrMs: number;
  tags: string[];
  /**
   * A content change made it out of date: never served as fresh or while revalidating, but kept
   * (within the LRU's bounds and staleIfError) as the last good copy for when rendering fails.
   */
  superseded: boolean;
}

/**
 * Compressed on the thread pool: brotli at quality 11 takes tens of milliseconds for a page, which
 * done synchronously held up every request in flight each time a page was stored or revalidated
 * under load (decision 0045).
 */
const gzipped = promisify(gzip);
const brotlied = promisify(brotliCompress);

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;
const MIN_COMPRESSED_BYTES = 1024;
const ENCODINGS = ['br', 'gzip', 'identity'];
/** Headers not kept with an entry: internal to Astro's cache, or set per answer (answerFrom). */
const SET_PER_ANSWER = [
  'cdn-cache-control',
  'cache-tag',
  'content-length',
  'set-cookie',
  'etag',
  'vary',
  'content-encoding',
  'x-astro-cache',
];

/** The one store of this process (one module graph: docs/decisions/0013). */
let store: LRUCache<string, Entry> | null = null;
const revalidating = new Set<string>();

export function routeCacheStats(): { entries: number; bytes: number } {
  return { entries: store?.size ?? 0, bytes: store?.calculatedSize ?? 0 };
}

/**
 * Makes the entries with any of these tags (or all entries with no tags given) out of date: the
 * next request renders the page again. The old copy is kept as the last good one, answered only
 * when that render fails (stale-if-error, decision 0022); a render that succeeds replaces it.
 */
export function invalidateRouteCache(options: InvalidateOptions = {}): void {
  if (!store) return;
  const tags = options.tags === undefined ? null : new Set(Array.isArray(options.tags) ? options.tags : [options.tags]);
  for (const [key, entry] of store.entries()) {
    const pathMatches = options.path !== undefined && new URL(key.replace(/^https /, '')).pathname === options.path;
    const tagMatches = tags === null ? options.path === undefined : entry.tags.some((tag) => tags.has(tag));
    if (pathMatches || tagMatches) entry.superseded = true;
  }
}

/**
 * The origin (a page may show it, e.g. the /embed snippets), whether a proxy said HTTPS (the HSTS
 * header depends on it; two values only), the path, and only the query parameters a route reads.
 */
function cacheKey(url: URL, forwardedProto: string | null | undefined, queryKeys: string[]): string {
  const kept = new URLSearchParams();
  for (const key of queryKeys) for (const value of url.searchParams.getAll(key)) kept.append(key, value);
  const query = kept.toString();
  const https = forwardedProto?.startsWith('https') ? 'https ' : '';
  return `${https}${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

let cachedQueryKeys: string[] = [];

function parseDirectives(header: string | null): { maxAgeMs: number; swrMs: number } {
  const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(header ?? '')?.[1] ?? 0);
  return { maxAgeMs: seconds('max-age') * 1000, swrMs: seconds('stale-while-revalidate') * 1000 };
}

/** An entry's bytes: its bodies and headers (the helper adds the key). */
function entrySize(entry: Entry): number {
  const headerBytes = entry.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  return entry.body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0) + headerBytes + 200;
}

function setsCookie(response: Response): boolean {
  return response.headers.has('set-cookie') || !App.getSetCookieFromResponse(response).next().done;
}

/** The response as an entry, or null when it must not be kept. */
async function toEntry(response: Response, maxEntryBytes: number): Promise<Entry | null> {
  const { maxAgeMs, swrMs } = parseDirectives(response.headers.get('cdn-cache-control'));
  if (maxAgeMs <= 0 || response.status !== 200 || setsCookie(response)) return null;
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > maxEntryBytes) return null;
  const compress = COMPRESSIBLE.test(response.headers.get('content-type') ?? '') && body.length >= MIN_COMPRESSED_BYTES;
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!SET_PER_ANSWER.includes(name)) headers.push([name, value]);
  });
  const [gzipBody, brBody] = compress
    ? await Promise.all([
        gzipped(body, { level: 9 }),
        brotlied(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      ])
    : [null, null];
  return {
    status: response.status,
    headers,
    body,
    gzip: gzipBody,
    br: brBody,
    etag: etag(body),
    storedAt: Date.now(),
    maxAgeMs,
    swrMs,
    tags: (response.headers.get('cache-tag') ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    superseded: false,
  };
}

interface Answer {
  status: number;
  headers: [string, string][];
  body: Buffer | null;
}

type RequestHeaders = { 'if-none-match'?: string; 'accept-encoding'?: string };

type State = 'HIT' | 'STALE' | 'MISS' | 'STALE-IF-ERROR';

/** The headers of a last good copy served because its page could not be rendered. */
function staleIfErrorHeaders(entry: Entry): [string, string][] {
  return [
    // Nobody downstream may keep it as fresh; the next request tries to render again.
    ['cache-control', 'no-store'],
    ['warning', '111 - "Revalidation Failed"'],
    [SERVED_STALE_HEADER, `last good copy of ${new Date(entry.storedAt).toISOString()}`],
  ];
}

/** What to answer from an entry: 304 when the client has it, else the body in the best encoding it accepts. */
function answerFrom(entry: Entry, request: { method: string; headers: RequestHeaders }, state: State): Answer {
  const kept = state === 'STALE-IF-ERROR' ? entry.headers.filter(([name]) => name !== 'cache-control') : entry.headers;
  const headers: [string, string][] = [...kept, ['etag', entry.etag], ['x-astro-cache', state]];
  if (state === 'STALE-IF-ERROR') headers.push(...staleIfErrorHeaders(entry));
  if (entry.gzip) headers.push(['vary', 'Accept-Encoding']);
  // We are the origin: a client's `Cache-Control: no-cache` asks us to revalidate, which this is
  // (fresh() would refuse the 304 on it, as a proxy must), so only the validator is compared.
  if (fresh({ 'if-none-match': request.headers['if-none-match'] }, { etag: entry.etag })) return { status: 304, headers, body: null };
  const encoding = entry.gzip ? acceptedEncoding(request, ENCODINGS) : 'identity';
  const body = encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gzip! : entry.body;
  if (encoding === 'br' || encoding === 'gzip') headers.push(['content-encoding', encoding]);
  headers.push(['content-length', String(body.length)]);
  return { status: entry.status, headers, body: request.method === 'HEAD' ? null : body };
}

function fromEntry(entry: Entry, request: Request, state: State): Response {
  const headers: RequestHeaders = {};
  for (const name of ['if-none-match', 'accept-encoding'] as const) headers[name] = request.headers.get(name) ?? undefined;
  const answer = answerFrom(entry, { method: request.method, headers }, state);
  return new Response(answer.body ? new Uint8Array(answer.body) : null, { status: answer.status, headers: answer.headers });
}

/**
 * Answers a fresh hit straight from the Node request, before Astro: the same entry Astro's
 * pipeline would return, without building a web Request and Response around it (measured in
 * docs/decisions/0014: the Astro path costs several times the CPU per hit). Anything else
 * (a miss, a stale entry, another method) returns false and goes on to Astro.
 */
export function serveFreshHit(req: IncomingMessage, res: ServerResponse): boolean {
  if (!store || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const url = requestUrl(req);
  if (!url) return false;
  const entry = store.get(cacheKey(url, req.headers['x-forwarded-proto'] as string | undefined, cachedQueryKeys));
  if (!entry || entry.superseded || Date.now() - entry.storedAt > entry.maxAgeMs) return false;
  const answer = answerFrom(entry, { method: req.method, headers: req.headers as RequestHeaders }, 'HIT');
  noteCacheVerdict(res, 'HIT');
  res.writeHead(answer.status, [...answer.headers.flat(), PAGE_PATH_HEADER, 'fast' satisfies PagePath]);
  res.end(answer.body ?? undefined);
  return true;
}

export default function routeCacheProvider(config: RouteCacheConfig | undefined): CacheProvider {
  const {
    maxEntries,
    maxBytes,
    maxEntryBytes,
    queryKeys,
    staleIfErrorSeconds = 24 * 60 * 60,
  } = config ?? { maxEntries: 1000, maxBytes: 64 * 1024 * 1024, maxEntryBytes: 2 * 1024 * 1024, queryKeys: [] };
  const staleIfErrorMs = staleIfErrorSeconds * 1000;
  const lru = boundedCache<Entry>({ name: 'routes', maxEntries, maxBytes, sizeOf: entrySize });
  store = lru;
  cachedQueryKeys = queryKeys;

  const renderAndStore = async (key: string, next: () => Promise<Response>): Promise<{ response: Response; entry: Entry | null }> => {
    const response = await next();
    const entry = await toEntry(response.clone(), maxEntryBytes);
    if (entry && entry.maxAgeMs + entry.swrMs > 0) lru.set(key, entry);
    // The page answers something else now (gone, moved): its old copy is no good any more.
    else if (response.status < 500 && !response.headers.has(SERVED_STALE_HEADER)) lru.delete(key);
    return { response, entry };
  };

  /** The last good copy of a page that failed to render (5xx or thrown), when one is kept and not too old. */
  const lastGoodCopy = (key: string, path: string, failure: { status: number } | { error: unknown }): Entry | null => {
    const entry = lru.get(key);
    if (!entry || Date.now() - entry.storedAt > staleIfErrorMs) return null;
    log.warn(
      {
        path: redactKeys(path),
        storedAt: new Date(entry.storedAt).toISOString(),
        ...('error' in failure ? { err: failure.error } : failure),
      },
      'page could not be rendered; serving its last good copy',
    );
    return entry;
  };

  return {
    name: 'summit-route-cache',
    async onRequest({ request, url }, next) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return next();
      const key = cacheKey(url, request.headers.get('x-forwarded-proto'), queryKeys);
      const entry = lru.get(key);
      const age = entry ? Date.now() - entry.storedAt : 0;
      if (entry && !entry.superseded && age <= entry.maxAgeMs) return fromEntry(entry, request, 'HIT');
      if (entry && !entry.superseded && age <= entry.maxAgeMs + entry.swrMs) {
        if (!revalidating.has(key)) {
          revalidating.add(key);
          // A failed revalidation keeps the entry: it is the last good copy (decision 0022).
          renderAndStore(key, next)
            .catch((error: unknown) => log.warn({ err: error, path: redactKeys(url.pathname) }, 'revalidating a cached page failed'))
            .finally(() => revalidating.delete(key));
        }
        return fromEntry(entry, request, 'STALE');
      }
      let rendered: Awaited<ReturnType<typeof renderAndStore>>;
      try {
        rendered = await renderAndStore(key, next);
      } catch (error) {
        const copy = lastGoodCopy(key, url.pathname, { error });
        if (copy) return fromEntry(copy, request, 'STALE-IF-ERROR');
        throw error;
      }
      const { response, entry: stored } = rendered;
      if (stored) return fromEntry(stored, request, 'MISS');
      // A 5xx, or a route's own bundled fallback (it could not read the database): the last
      // good copy is better, when there is one.
      if (response.status >= 500 || response.headers.has(SERVED_STALE_HEADER)) {
        const copy = lastGoodCopy(key, url.pathname, { status: response.status });
        if (copy) {
          // Not awaited: the body is one branch of a tee (renderAndStore cloned it), whose
          // cancel settles only once the other branch is done too.
          response.body?.cancel().catch(() => {});
          return fromEntry(copy, request, 'STALE-IF-ERROR');
        }
      }
      return response;
    },
    async invalidate(options) {
      invalidateRouteCache(options);
    },
  };
}
