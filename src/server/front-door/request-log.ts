/**
 * The request log: one JSON line per request when its answer has gone out (or the connection
 * closed first), cached or not, with the method, the path (query dropped, personal keys redacted),
 * the status, the route cache's verdict and the time taken. Written through the process's pino
 * logger (src/server/log.ts).
 *
 * Why not pino-http (docs/decisions/0025-hot-paths-by-hand.md): it makes two
 * child loggers per request, serializing their bindings, whether or not the line is written; on
 * a 304 feed poll that cost 40% of the requests a second (bench/NOTES.md). This is one listener
 * and one log call.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { redactKeys } from '../../domain/access/redact.ts';
import { cacheVerdictOf } from '../caching/cache-verdict.ts';
import { writeRequestLine } from '../log.ts';

/**
 * The path without its query, with personal keys redacted (src/domain/access/redact.ts): queries
 * may carry tokens, paths may carry access keys, and the path is what a reader needs.
 */
export function pathOf(url: string | undefined): string {
  const path = url ?? '/';
  const end = path.indexOf('?');
  return redactKeys(end === -1 ? path : path.slice(0, end));
}

function writeLine({
  req,
  res,
  startedAt,
  finished,
}: {
  req: IncomingMessage;
  res: ServerResponse;
  startedAt: number;
  finished: boolean;
}): void {
  const status = res.statusCode;
  // A client that goes away before the answer is sent is worth a warning, not an error of ours.
  const level = status >= 500 ? 'error' : status === 404 || !finished ? 'warn' : 'info';
  const fields = {
    method: req.method,
    path: pathOf(req.url),
    status,
    cache: cacheVerdictOf(res),
    ms: Math.round(performance.now() - startedAt),
  };
  if (!finished) writeRequestLine('warn', fields, 'request aborted');
  else writeRequestLine(level, fields, status >= 500 ? 'request failed' : status === 404 ? 'not found' : 'request');
}

export function logRequest(req: IncomingMessage, res: ServerResponse): void {
  const startedAt = performance.now();
  // An answer closes once, whether it was sent whole or its connection went first: one listener
  // (a second one, on 'finish', was its own share of every request's work).
  res.once('close', () => writeLine({ req, res, startedAt, finished: res.writableFinished }));
}
