/**
 * Requests this site can never answer are refused before anything else reads them, with a 4xx
 * instead of the 500 they used to reach: methods no route serves (TRACE, CONNECT, …) and a Host
 * header that is not a host name (userinfo like `user@host`, spaces, slashes), which the URL of
 * the request could not be built from. Every answer's status line carries the reason phrase of
 * its code (Astro pages that set a status keep "OK" otherwise: "429 OK").
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { NodeHandler } from '../http/node-request.ts';
import { answerJsonError } from '../http/node-json-error.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function isWellFormedHost(host: string | undefined): boolean {
  return host === undefined || (host.length <= 260 && HOST.test(host));
}

/** Makes writeHead use the standard reason phrase of the status code. */
function standardReasonPhrases(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (typeof rest[0] !== 'string') this.statusMessage = STATUS_CODES[statusCode] ?? '';
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
  } as ServerResponse['writeHead'];
}

export function requestShape(next: NodeHandler): NodeHandler {
  return (req, res) => {
    standardReasonPhrases(res);
    if (!METHODS.has(req.method ?? '')) {
      answerJsonError({ res, status: 405, message: 'This method is not allowed.', headers: { allow: [...METHODS].join(', ') } });
      req.resume();
      return;
    }
    if (!isWellFormedHost(req.headers.host)) {
      answerJsonError({ res, status: 400, message: 'The Host header is not a host name.' });
      req.resume();
      return;
    }
    next(req, res);
  };
}
