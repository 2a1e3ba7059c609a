/**
 * The headers every answer carries, added when its head is written
 * (site-response.ts): static files (`/_astro/*.css`, the podcast artwork), the feed and its audio,
 * the one-click unsubscribe, 405 and 413 answers and the episode upload's redirect used to go out
 * without them. On HTTPS (a TLS socket, or a trusted proxy's X-Forwarded-Proto) HSTS is one of
 * them: a browser that reaches the site first through a feed or audio link learns it too. A step
 * or page that sets its own value (a page's Content-Security-Policy, the feed's `no-referrer`)
 * replaces the default; src/server/http/security-headers.ts still adds the per-route frame rules
 * to pages.
 */
import { ServerResponse, type IncomingMessage } from 'node:http';
import { HSTS, isEmbedPath } from './security-headers.ts';
import { headersOf } from './node-request.ts';
import { isHttpsConnection } from './request-origin.ts';

const ALWAYS: Array<[string, string]> = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ['cross-origin-opener-policy', 'same-origin'],
  // Not an HTML page until a page says so with its own policy: it loads nothing and is framed by nobody.
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
];
const NOT_FRAMED: [string, string] = ['x-frame-options', 'DENY'];
const STRICT_TRANSPORT: [string, string] = ['strict-transport-security', HSTS];

/** The four lists there can be, made once: widgets may be framed by any site, and HSTS goes out on HTTPS only. */
const LISTS = {
  page: [...ALWAYS, NOT_FRAMED],
  pageOverHttps: [...ALWAYS, NOT_FRAMED, STRICT_TRANSPORT],
  widget: ALWAYS,
  widgetOverHttps: [...ALWAYS, STRICT_TRANSPORT],
} satisfies Record<string, Array<[string, string]>>;

/** Whether the answer goes out over HTTPS: a TLS socket, or a trusted proxy's X-Forwarded-Proto. */
export function answersOverHttps(req: IncomingMessage): boolean {
  // A socket can be gone by the time an aborted answer is written.
  const encrypted = req.socket !== null && 'encrypted' in req.socket && req.socket.encrypted === true;
  return isHttpsConnection(headersOf(req), encrypted);
}

export function commonHeadersFor(req: IncomingMessage): ReadonlyArray<[string, string]> {
  const url = req.url ?? '/';
  const end = url.indexOf('?');
  const widget = isEmbedPath(end === -1 ? url : url.slice(0, end));
  const https = answersOverHttps(req);
  if (widget) return https ? LISTS.widgetOverHttps : LISTS.widget;
  return https ? LISTS.pageOverHttps : LISTS.page;
}

/**
 * A page's headers (flat: name, value, name, value…) with the common ones it does not set itself,
 * made once for an answer written again and again (a cached personal page), so that writing its
 * head checks nothing more (writeCompleteHead).
 */
export function completeHead(headers: ReadonlyArray<readonly [string, string]>, { https }: { https: boolean }): string[] {
  const given = new Set(headers.map(([name]) => name.toLowerCase()));
  const missing = (https ? LISTS.pageOverHttps : LISTS.page).filter(([name]) => !given.has(name));
  return [...headers.flat(), ...missing.flat()];
}

/**
 * Writes a head made by completeHead as it is: the server's response class would look for the
 * common headers again on every answer (src/server/front-door/site-response.ts), which was 4% of a
 * cached page's JavaScript. Node gives the status its reason phrase.
 */
export function writeCompleteHead(res: ServerResponse, status: number, head: string[]): void {
  ServerResponse.prototype.writeHead.call(res, status, head);
}
