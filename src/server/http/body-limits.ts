/**
 * Body limits, enforced while the body arrives (declared or chunked), before Astro sees the
 * request: each endpoint has its own limit, everything else 4 MB. A body over the limit gets a
 * 413 with a message as soon as it crosses it; a body within it is handed to Astro already read
 * (the Node adapter takes `req.body` as is), so no endpoint can read more than its limit and
 * Astro's own limit (which can only cut the connection) is never reached.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { plainAnswer } from './plain-answer.ts';

export const MAX_BODY_BYTES = 4 * 1024 * 1024;
const KB = 1024;
const DRAIN_MS = 5000;

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The tighter limits; each endpoint also checks its own, as a second lock. */
const ENDPOINT_LIMITS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^\/register\/?$/, 8 * KB],
  [/^\/admin\/?$/, 8 * KB], // the sign-in form
  [/^\/session\/reset\/?$/, 4 * KB],
  [/^\/unsubscribe\//, 4 * KB],
  [/^\/api\/rpc\//, 4 * KB],
  [/^\/api\/admin\/brand\/?$/, 64 * KB],
  [/^\/api\/uploads\/logo\/?$/, 2 * KB * KB + 64 * KB],
];

export function bodyLimitFor(pathname: string): number {
  return ENDPOINT_LIMITS.find(([pattern]) => pattern.test(pathname))?.[1] ?? MAX_BODY_BYTES;
}

const describeBytes = (bytes: number) => (bytes >= KB * KB ? `${Math.floor(bytes / (KB * KB))} MB` : `${Math.floor(bytes / KB)} KB`);

function refuse(req: IncomingMessage, res: ServerResponse, limit: number): void {
  plainAnswer(res, 413, `The request body is too large: at most ${describeBytes(limit)} here.`);
  // Let the client finish sending so it can read the answer, but only for a few seconds.
  req.resume();
  const cut = setTimeout(() => req.destroy(), DRAIN_MS);
  cut.unref();
  req.once('end', () => clearTimeout(cut));
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
    const limit = bodyLimitFor((req.url ?? '/').split('?')[0] ?? '/');
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
