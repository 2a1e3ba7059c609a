/**
 * What every request meets before Astro: plain Node code, so it is cheap. It refuses bodies
 * that declare more than the limit with a clear 413 (Astro's own limit can only cut the
 * connection), then hands the request on.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 4 * 1024 * 1024;
const DRAIN_MS = 5000;

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

const TOO_LARGE = JSON.stringify({ error: 'The request body is too large.' });

export function frontDoor(next: NodeHandler): NodeHandler {
  return (req, res) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      res.writeHead(413, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(TOO_LARGE),
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
      });
      res.end(TOO_LARGE);
      // Let the client finish sending so it can read the answer, but only for a few seconds.
      req.resume();
      const cut = setTimeout(() => req.destroy(), DRAIN_MS);
      cut.unref();
      req.once('end', () => clearTimeout(cut));
      return;
    }
    next(req, res);
  };
}
