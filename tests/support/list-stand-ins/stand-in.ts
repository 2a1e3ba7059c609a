/**
 * A local HTTP server that answers as an e-mail list service's API reference documents, for the
 * list-sync tests (docs/decisions/0059). Each route names its method, path and the body the
 * reference documents (a strict zod schema: a field the reference does not list is a violation);
 * every request is checked for the provider's auth header; anything else is recorded as a
 * violation and answered 404. The test asserts there were none, and reads the state the calls left.
 */
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
}

/** The stand-in as a server of its own (the browser tests start and stop it themselves). */
export function standInServer<State>(definition: StandInDefinition<State>) {
  const record = { requests: [] as Recorded[], violations: [] as string[], failures: [] as Answer[], state: definition.fresh() };
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
    /** The next calls answer these (an outage, a rate limit), then the API answers again. */
    fail(...answers: Answer[]) {
      record.failures.push(...answers);
    },
    reset() {
      record.requests.length = 0;
      record.violations.length = 0;
      record.failures.length = 0;
      record.state = definition.fresh();
    },
  };
}
