/**
 * Render once, serve from memory, and compress. Every GET response passes through here as one
 * buffer (pages render whole before they are sent anyway):
 * - text, JSON, JavaScript and SVG over 1 KB are gzipped for clients that accept it;
 * - a 200 that is public (Cache-Control: public) and sets no cookie is kept, with its gzipped
 *   copy, for its max-age (at most 5 minutes), and later requests for the same URL are answered
 *   here, before Astro, in microseconds.
 * Any content change empties the cache (invalidateContent), in this process and, through
 * Postgres NOTIFY, in every other one.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { NodeHandler } from './front-door.ts';

interface CachedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  gzip: Buffer | null;
  expiresAt: number;
}

declare global {
  var __summitPageCache: Map<string, CachedPage> | undefined;
}

const MAX_ENTRIES = 1000;
const MAX_AGE_MS = 5 * 60_000;
/** Larger responses are passed on as they come, neither compressed nor kept. */
const MAX_BUFFERED_BYTES = 2 * 1024 * 1024;
const MIN_COMPRESSED_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;

// On globalThis: invalidateContent() in the bundled pages must reach the cache this module holds.
const pages = (globalThis.__summitPageCache ??= new Map<string, CachedPage>());

export function clearPageCache(): void {
  pages.clear();
}

/**
 * The scheme, host and URL: a page may show its own origin (the /embed snippets do) and some
 * headers (HSTS) depend on HTTPS, so a request with another Host can never fill the cache for
 * the real one.
 */
function cacheKey(req: IncomingMessage, trustProxy: boolean): string {
  const https = trustProxy && String(req.headers['x-forwarded-proto'] ?? '').startsWith('https');
  const host = String((trustProxy && req.headers['x-forwarded-host']) || req.headers.host || '');
  return `${https ? 'https' : 'http'}://${host}${req.url}`;
}

function acceptsGzip(req: IncomingMessage): boolean {
  return /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
}

/** A response method taken off its object, to call later with .call(res, …). */
type Method = (...args: unknown[]) => unknown;

function send(req: IncomingMessage, res: ServerResponse, page: Omit<CachedPage, 'expiresAt'>, writeHead: Method, end: Method): void {
  const gzip = page.gzip !== null && acceptsGzip(req);
  const body = gzip ? page.gzip! : page.body;
  const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = page.headers;
  writeHead.call(res, page.status, {
    ...headers,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    ...(page.gzip !== null ? { vary: 'Accept-Encoding' } : {}),
    'content-length': body.length,
  });
  end.call(res, req.method === 'HEAD' ? undefined : body);
}

/** The max-age a response allows shared caches, in ms, or 0 when it must not be shared. */
function publicMaxAge(status: number, headers: OutgoingHttpHeaders): number {
  const cacheControl = String(headers['cache-control'] ?? '');
  if (status !== 200 || !/\bpublic\b/.test(cacheControl) || headers['set-cookie']) return 0;
  return Math.min(Number(/max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0) * 1000, MAX_AGE_MS);
}

const lowerCaseKeys = (headers: OutgoingHttpHeaders) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

/**
 * Holds back what the handler writes until it ends, then compresses, keeps and sends it.
 * Past MAX_BUFFERED_BYTES it gives up and lets the rest through as it comes.
 */
function buffer(req: IncomingMessage, res: ServerResponse, key: string): void {
  const writeHead = res.writeHead as unknown as Method;
  const write = res.write as unknown as Method;
  const end = res.end as unknown as Method;
  let status = 200;
  let written: OutgoingHttpHeaders = {};
  let headWritten = false;
  const chunks: Buffer[] = [];
  let size = 0;
  let passThrough = false;

  const restore = () => {
    res.writeHead = writeHead as unknown as ServerResponse['writeHead'];
    res.write = write as unknown as ServerResponse['write'];
    res.end = end as unknown as ServerResponse['end'];
  };
  const toBuffer = (chunk: unknown) =>
    chunk === undefined || chunk === null || typeof chunk === 'function' ? null : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string | Uint8Array);
  const startPassThrough = () => {
    passThrough = true;
    restore();
    writeHead.call(res, status, written);
    for (const chunk of chunks) write.call(res, chunk);
  };

  res.writeHead = ((code: number, ...rest: unknown[]) => {
    status = code;
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
    if (headers) written = lowerCaseKeys(headers as OutgoingHttpHeaders);
    headWritten = true;
    return res;
  }) as ServerResponse['writeHead'];

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (passThrough) return write.call(res, chunk, ...rest) as boolean;
    const data = toBuffer(chunk);
    if (data) {
      chunks.push(data);
      size += data.length;
    }
    if (size > MAX_BUFFERED_BYTES) startPassThrough();
    return true;
  }) as ServerResponse['write'];

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (passThrough) return end.call(res, chunk, ...rest) as ServerResponse;
    const data = toBuffer(chunk);
    if (data) {
      chunks.push(data);
      size += data.length;
    }
    restore();
    if (!headWritten) status = res.statusCode;
    const headers = { ...lowerCaseKeys(res.getHeaders()), ...written };
    const body = Buffer.concat(chunks);
    const compressible =
      COMPRESSIBLE.test(String(headers['content-type'] ?? '')) && !headers['content-encoding'] && body.length >= MIN_COMPRESSED_BYTES;
    const page = { status, headers, body, gzip: compressible ? gzipSync(body) : null };
    const maxAge = publicMaxAge(status, headers);
    if (maxAge > 0) {
      if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value as string);
      pages.set(key, { ...page, expiresAt: Date.now() + maxAge });
    }
    send(req, res, page, writeHead, end);
    return res;
  }) as ServerResponse['end'];
}

export function pageCache(next: NodeHandler, trustProxy: boolean): NodeHandler {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next(req, res);
    const key = cacheKey(req, trustProxy);
    const page = pages.get(key);
    if (page && page.expiresAt > Date.now()) return send(req, res, page, res.writeHead as unknown as Method, res.end as unknown as Method);
    if (page) pages.delete(key);
    // A HEAD has no body to buffer: the handler's own headers (its Content-Length) go as they are.
    if (req.method === 'GET') buffer(req, res, key);
    next(req, res);
  };
}
