/**
 * Body limits, enforced while the body arrives (declared or chunked), before Astro sees the
 * request: each endpoint's row of the one table (src/domain/body-limits.ts), everything else 4 MB. A body over the limit gets a
 * 413 with a message as soon as it crosses it; a body within it is handed to Astro already read
 * (the Node adapter takes `req.body` as is), so no endpoint can read more than its limit and
 * Astro's own limit (which can only cut the connection) is never reached. The endpoint is found
 * by the path as Astro routes it (routedPath: `//register` and `/%72egister` are the registration
 * page too), so no spelling of a path reaches a page under a looser limit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyLimitFor } from '../../domain/body-limits.ts';
import { answerJsonError } from '../http/node-json-error.ts';
import type { NodeHandler } from '../http/node-request.ts';

const KB = 1024;
const DRAIN_MS = 5000;

const describeBytes = (bytes: number) => (bytes >= KB * KB ? `${Math.floor(bytes / (KB * KB))} MB` : `${Math.floor(bytes / KB)} KB`);

/** At most this many rounds of percent-decoding, as Astro decodes a path before routing it. */
const MAX_DECODE_ROUNDS = 10;

/**
 * The path of a request target as Astro routes it: dot segments resolved (the URL parser),
 * percent-escapes decoded until none is left (Astro decodes repeatedly), runs of slashes
 * collapsed (Astro serves `//register` as `/register`).
 */
export function routedPath(target: string): string {
  let pathname: string;
  try {
    // Origin form (`/path`) as Astro reads it: appended to an origin, never as `//host/...`.
    pathname = new URL(target.startsWith('/') ? `http://localhost${target}` : target).pathname;
  } catch {
    return '/';
  }
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURI(pathname);
    } catch {
      break;
    }
    if (decoded === pathname) break;
    pathname = decoded;
  }
  return pathname.replace(/\/{2,}/g, '/');
}

/**
 * Answers 413 at once, but ends the exchange only when the rest of the body has arrived (read and
 * dropped) or after DRAIN_MS. Closing while the client is still sending resets the connection,
 * and the reset can lose the answer: a proxy that asked to close (nginx always does) then
 * answers 502 instead of our 413.
 */
function refuse(req: IncomingMessage, res: ServerResponse, limit: number): void {
  const problem = routedPath(req.url ?? '/').startsWith('/api/v1/');
  answerJsonError({
    res,
    status: 413,
    message: `The request body is too large: at most ${describeBytes(limit)} here.`,
    end: false,
    problem,
  });
  const finish = () => {
    clearTimeout(cut);
    if (!res.writableEnded) res.end();
  };
  // A client still sending after a few seconds is cut off.
  const cut = setTimeout(() => {
    finish();
    req.destroy();
  }, DRAIN_MS);
  cut.unref();
  if (req.readableEnded) return finish();
  req.once('end', finish);
  req.once('error', finish);
  req.once('close', finish);
  req.resume();
}

/** Reads the body up to `limit` bytes; null as soon as it is larger. */
function readBounded(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.off('end', onEnd);
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks, size));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', reject);
  });
}

export function bodyLimits(next: NodeHandler): NodeHandler {
  return (req, res) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next(req, res);
    const limit = bodyLimitFor(routedPath(req.url ?? '/'));
    if (Number(req.headers['content-length'] ?? 0) > limit) return refuse(req, res, limit);
    readBounded(req, limit).then(
      (body) => {
        if (body === null) return refuse(req, res, limit);
        // The Node adapter builds the Request from req.body when it is set.
        (req as IncomingMessage & { body?: Buffer }).body = body;
        next(req, res);
      },
      () => req.destroy(),
    );
  };
}
