/**
 * A JSON error answered by our own Node server before Astro runs (body limits, malformed
 * requests): the same shape and locked-down headers as the API's errors.
 */
import type { ServerResponse } from 'node:http';
import { problem, PROBLEM_TYPE } from '../../domain/api/problem.ts';

/**
 * `end: false` writes the whole answer (its length is in the head) but leaves the exchange open: the caller ends it.
 * `problem`: answered as RFC 9457 problem details, the shape of every error of /api/v1 (docs/decisions/0060).
 */
export function answerJsonError({
  res,
  status,
  message,
  headers = {},
  end = true,
  problem: asProblem = false,
}: {
  res: ServerResponse;
  status: number;
  message: string;
  headers?: Record<string, string>;
  end?: boolean;
  problem?: boolean;
}): void {
  const body = JSON.stringify(asProblem ? problem(status, message) : { error: message });
  res.writeHead(status, {
    'content-type': asProblem ? `${PROBLEM_TYPE}; charset=utf-8` : 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    ...headers,
  });
  if (end) res.end(body);
  else res.write(body);
}
