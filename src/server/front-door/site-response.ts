/**
 * Every answer of this server is a SiteResponse (src/server/boot.ts passes it to
 * `http.createServer`): when its head is written, it carries
 * - the reason phrase of its status code (Astro pages that set a status kept "OK" otherwise: "429 OK");
 * - the headers every answer carries (common-headers.ts), unless a step or page set its own value.
 * Both are added at the one moment the head is written rather than set on every response up
 * front: a cached page written with its own complete head then takes Node's one-pass path
 * (each header checked once) instead of replacing the defaults one by one (decision 0045).
 */
import { STATUS_CODES, ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import { commonHeadersFor } from '../http/common-headers.ts';

type GivenHeaders = OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;

/** The names a writeHead call gives, lower-cased. */
function givenNames(headers: GivenHeaders): Set<string> {
  const names = new Set<string>();
  if (Array.isArray(headers)) {
    if (Array.isArray(headers[0])) for (const pair of headers as unknown as [string, unknown][]) names.add(pair[0].toLowerCase());
    else for (let index = 0; index < headers.length; index += 2) names.add(String(headers[index]).toLowerCase());
  } else if (headers) for (const name of Object.keys(headers)) names.add(name.toLowerCase());
  return names;
}

/** The given headers with the common ones this answer does not set itself. */
function withCommonHeaders(res: ServerResponse, given: GivenHeaders): GivenHeaders {
  const names = givenNames(given);
  const missing = commonHeadersFor(res.req).filter(([name]) => !names.has(name) && !res.hasHeader(name));
  if (missing.length === 0) return given;
  // Headers already set on the response: Node merges the given ones into them, so these join them.
  if (given === undefined || res.getHeaderNames().length > 0) {
    for (const [name, value] of missing) res.setHeader(name, value);
    return given;
  }
  if (!Array.isArray(given)) return { ...Object.fromEntries(missing), ...given };
  const flat = Array.isArray(given[0]) ? (given as unknown as [string, OutgoingHttpHeader][]).flat() : given;
  return [...flat, ...missing.flat()];
}

export class SiteResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(statusCode: number, reasonOrHeaders?: string | GivenHeaders, maybeHeaders?: GivenHeaders): this {
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : (STATUS_CODES[statusCode] ?? '');
    const given = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
    return super.writeHead(statusCode, reason, withCommonHeaders(this, given));
  }
}
