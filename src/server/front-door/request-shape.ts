/**
 * Requests this site can never answer are refused before anything else reads them, with a 4xx
 * instead of the 500 they used to reach: methods no route serves (TRACE, CONNECT, …) and a Host
 * header that is not a host name (userinfo like `user@host`, spaces, slashes), which the URL of
 * the request could not be built from. (Every answer's reason phrase: site-response.ts.)
 */
import type { NodeHandler } from '../http/node-request.ts';
import { answerJsonError } from '../http/node-json-error.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function isWellFormedHost(host: string | undefined): boolean {
  return host === undefined || (host.length <= 260 && HOST.test(host));
}

export function requestShape(next: NodeHandler): NodeHandler {
  return (req, res) => {
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
