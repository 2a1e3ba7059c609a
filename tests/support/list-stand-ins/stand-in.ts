/**
 * A local HTTP server that answers as an e-mail list service's API reference documents, for the
 * list-sync tests (docs/decisions/0059). Each route names its method, path and the body the
 * reference documents (a strict zod schema: a field the reference does not list is a violation);
 * every request is checked for the provider's auth header; anything else is recorded as a
 * violation and answered 404. The test asserts there were none, and reads the state the calls left.
 *
 * The consent guard (`forbid`): any request that names a person the test says has not consented
 * (their address anywhere in the path, query or body, Mailchimp's MD5 of it, or an id the stand-in
 * gave them) is a violation too, whatever the request: a lookup discloses as much as an add.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  json?: unknown;
}

export interface Route<State> {
  method: string;
  path: RegExp;
  /** The documented body; absent: the request carries none. */
  body?: z.ZodType;
  /** Documented query parameters (any other is a violation). */
  query?: string[];
  answer(context: { match: RegExpMatchArray; body: never; query: URLSearchParams; state: State }): Answer;
}

export interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

export interface StandInDefinition<State> {
  name: string;
  authorized(headers: http.IncomingHttpHeaders): boolean;
  routes: Route<State>[];
  fresh(): State;
  /** The ids this provider gave the person with this address, as a request would name them. */
  idsOf?(state: State, email: string): string[];
}

const md5 = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

/** The values in a request: its path segments and query values, and every string or number in its body. */
function requestValues(url: URL, body: unknown): string[] {
  const values = [...url.pathname.split('/'), ...url.searchParams.values()].map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
  const walk = (value: unknown): void => {
    if (typeof value === 'string' || typeof value === 'number') values.push(String(value));
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) walk(inner);
  };
  walk(body);
  return values.map((value) => value.toLowerCase());
}

/** The stand-in as a server of its own (the browser tests start and stop it themselves). */
export function standInServer<State>(definition: StandInDefinition<State>) {
  const record = { requests: [] as Recorded[], violations: [] as string[], failures: [] as Answer[], state: definition.fresh() };
  const forbidden = new Set<string>();
  /** The forbidden person this request names, if any. */
  const namedForbidden = (url: URL, body: unknown): string | undefined => {
    const values = requestValues(url, body);
    const text = values.join('\n');
    return [...forbidden].find((email) => {
      if (text.includes(email) || text.includes(md5(email))) return true;
      const ids = definition.idsOf?.(record.state, email) ?? [];
      return ids.some((id) => values.includes(id));
    });
  };
  const violation = (text: string, res: http.ServerResponse) => {
    record.violations.push(`${definition.name}: ${text}`);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not as documented"}');
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const raw = Buffer.concat(chunks).toString('utf8');
      const body: unknown = raw ? JSON.parse(raw) : undefined;
      record.requests.push({ method: req.method ?? '', path: url.pathname + url.search, body });
      const person = namedForbidden(url, body);
      if (person) return violation(`${req.method} ${url.pathname} names ${person}, who has not consented`, res);
      if (!definition.authorized(req.headers)) return violation(`${req.method} ${url.pathname} without the documented auth header`, res);
      const route = definition.routes.find((r) => r.method === req.method && r.path.test(url.pathname));
      if (!route) return violation(`${req.method} ${url.pathname} is not a documented call`, res);
      if (raw && req.headers['content-type'] !== 'application/json') return violation(`${url.pathname} body is not application/json`, res);
      if (route.body ? !route.body.safeParse(body).success : body !== undefined) {
        return violation(`${req.method} ${url.pathname} body ${raw} is not as documented`, res);
      }
      const unknownQuery = [...url.searchParams.keys()].filter((key) => !(route.query ?? []).includes(key));
      if (unknownQuery.length) return violation(`${url.pathname} has undocumented query ${unknownQuery.join(', ')}`, res);
      const failure = record.failures.shift();
      const answer =
        failure ??
        route.answer({ match: url.pathname.match(route.path)!, body: body as never, query: url.searchParams, state: record.state });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
    });
  });
  let url = '';
  return {
    async listen(port = 0): Promise<string> {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return url;
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    get requests() {
      return record.requests;
    },
    get violations() {
      return record.violations;
    },
    get state() {
      return record.state;
    },
    get url() {
      return url;
    },
    /** Consent guard: any later request naming one of these people is a violation. */
    forbid(...emails: string[]) {
      for (const email of emails) forbidden.add(email.toLowerCase());
    },
    /** They consent now (the test made them): requests naming them are allowed again. */
    allow(...emails: string[]) {
      for (const email of emails) forbidden.delete(email.toLowerCase());
    },
    /** The next calls answer these (an outage, a rate limit), then the API answers again. */
    fail(...answers: Answer[]) {
      record.failures.push(...answers);
    },
    reset() {
      record.requests.length = 0;
      record.violations.length = 0;
      record.failures.length = 0;
      forbidden.clear();
      record.state = definition.fresh();
    },
  };
}
