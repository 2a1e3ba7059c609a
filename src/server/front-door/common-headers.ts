/**
 * The headers every answer carries (issue 27, item 12), set on the Node response before any
 * step answers: static files (`/_astro/*.css`, the podcast artwork), the feed and its audio, the
 * one-click unsubscribe, 405 and 413 answers and the episode upload's redirect used to go out
 * without them. On HTTPS (a TLS socket, or a trusted proxy's X-Forwarded-Proto) HSTS is one of
 * them: a browser that reaches the site first through a feed or audio link learns it too. A step or page that sets its own value (a page's Content-Security-Policy, the
 * feed's `no-referrer`) replaces the default; src/server/http/security-headers.ts still adds the
 * per-route frame rules to pages.
 */
import { HSTS, isEmbedPath } from '../http/security-headers.ts';
import { headersOf, type NodeHandler } from '../http/node-request.ts';
import { isHttpsConnection } from '../http/request-origin.ts';

const ALWAYS: Array<[string, string]> = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ['cross-origin-opener-policy', 'same-origin'],
  // Not an HTML page until a page says so with its own policy: it loads nothing and is framed by nobody.
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
];

export function commonHeaders(next: NodeHandler): NodeHandler {
  return (req, res) => {
    for (const [name, value] of ALWAYS) res.setHeader(name, value);
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    // Widgets may be framed by any site; the middleware sets the pages' own frame rules.
    if (!isEmbedPath(pathname)) res.setHeader('x-frame-options', 'DENY');
    const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
    if (isHttpsConnection(headersOf(req), encrypted)) res.setHeader('strict-transport-security', HSTS);
    next(req, res);
  };
}
