/**
 * What the routes answered before Astro (src/server/front-door/pipeline.ts) read of a plain Node
 * request: one header, the headers as the request-origin and clock functions read them, the URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHeaders } from './request-origin.ts';

/** A route answered in plain Node, before Astro. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** A header's value when it is sent once; null when absent or repeated. */
export function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

/** The request's headers in the shape of a fetch Request's (`headers.get`). */
export function headersOf(req: IncomingMessage): RequestHeaders {
  return { headers: { get: (name) => header(req, name) } };
}

/**
 * The last request's URL: the steps before Astro that read it (the kept personal pages, the route
 * cache) ask for the same request's one after the other, and a URL is worth parsing once.
 * Read-only to its callers.
 */
let parsed: { req: IncomingMessage; url: URL | null } | null = null;

/** The request's URL on its own Host, or null when the Host or the path cannot make one. */
export function requestUrl(req: IncomingMessage): Readonly<URL> | null {
  if (parsed?.req !== req) parsed = { req, url: parseUrl(req) };
  return parsed.url;
}

function parseUrl(req: IncomingMessage): URL | null {
  const host = header(req, 'host');
  if (!host || !req.url?.startsWith('/')) return null;
  try {
    return new URL(req.url, `${'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http'}://${host}`);
  } catch {
    return null;
  }
}
