/**
 * /api/v1 (docs/decisions/0060, docs/API.md): finds the operation (src/server/api/operations.ts),
 * then in this order: the client address's failed token attempts (429, docs/decisions/0070), the
 * token (401), its rate limit (429, with RateLimit-Limit,
 * RateLimit-Remaining and Retry-After on every answer), its scope (403 for a read token's write),
 * the path, query and body against the operation's schemas (400 / 415 / 422, field by field), the
 * Idempotency-Key of a write, and only then the operation. Every error is problem+json; a failure
 * of ours is a 500 (or 503 while the database is down) in the same shape, never an HTML page.
 */
import { fieldErrors, problem } from '../../domain/api/problem.ts';
import { RETRY_AFTER_SECONDS, TEMPORARILY_UNAVAILABLE } from '../../domain/shared-message-texts.ts';
import { BODY_LIMITS } from '../../domain/body-limits.ts';
import type { DbHandle } from '../db/client.ts';
import { isDatabaseDown } from '../health.ts';
import { BodyError, readBytesLimited } from '../http/body.ts';
import { log } from '../log.ts';
import { rateLimiter } from '../rate-limits/rate-limit.ts';
import { jsonAnswer, problemAnswer, problemOf } from './answers.ts';
import { claimKey, isIdempotencyKey, releaseKey, requestFingerprint, storeAnswer } from './idempotency.ts';
import { ApiProblem, type ApiCall, type ApiOperation } from './operation.ts';
import { API_OPERATIONS } from './operations.ts';
import { authenticateToken, type ApiToken } from './tokens.ts';
import { failedTokenLimiter, tooManyFailures } from './failed-tokens.ts';
import { declaredCharset, isUtf8 } from '../../domain/api/content-type.ts';
import { ImportRefusal } from '../registrants/import-refusal.ts';
import { dropStaged, stageUpload, type StagedUpload } from '../registrants/import-upload.ts';

export const API_BASE = '/api/v1';

interface Route {
  operation: ApiOperation;
  pattern: RegExp;
  names: string[];
}

const ROUTES: Route[] = API_OPERATIONS.map((operation) => {
  const names: string[] = [];
  const source = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { operation, pattern: new RegExp(`^${source}/?$`), names };
});

type Found = { route: Route; params: Record<string, string> } | Response;

function findRoute(method: string, path: string): Found {
  const matching = ROUTES.filter((route) => route.pattern.test(path));
  if (!matching.length) return problemOf(404, 'No API operation has this path. The operations are listed at /api/v1/openapi.json.');
  const route = matching.find((candidate) => candidate.operation.method === method);
  if (!route) {
    const allow = matching.map((candidate) => candidate.operation.method).join(', ');
    return problemAnswer(problem(405, `This path answers ${allow}.`), { allow });
  }
  const values = route.pattern.exec(path)!.slice(1);
  const params: Record<string, string> = {};
  try {
    route.names.forEach((name, index) => (params[name] = decodeURIComponent(values[index] ?? '')));
  } catch {
    return problemOf(400, 'The path is not valid.');
  }
  return { route, params };
}

export interface ApiContext {
  handle: DbHandle;
  /** Requests per token per minute (API_RATE_LIMIT). */
  rateLimit: number;
  /** The client's address (request-origin.ts): failed token attempts are counted per address. */
  clientAddress: string;
  now: Date;
}

/** The token and its rate-limit headers, or the answer that refuses the request. */
async function admit(request: Request, context: ApiContext): Promise<{ token: ApiToken; headers: Record<string, string> } | Response> {
  const failures = failedTokenLimiter(context.handle.db);
  // Checked before the token: while an address is refused, a right guess answers as a wrong one.
  const waiting = await failures.refusedFor(context.clientAddress);
  if (waiting !== null) return tooManyFailures(waiting);
  const token = await authenticateToken(context.handle.db, request.headers.get('authorization'));
  if (!token) {
    const counted = await failures.take(context.clientAddress);
    if (!counted.allowed) return tooManyFailures(counted.retryAfterSeconds);
    return problemAnswer(problem(401, 'Send a live API token: Authorization: Bearer sat_… (Admin → API tokens).'), {
      'www-authenticate': 'Bearer realm="api"',
    });
  }
  const limiter = rateLimiter(context.handle.db, { name: 'api', limit: context.rateLimit, windowSeconds: 60 });
  const verdict = await limiter.take(String(token.id));
  const headers: Record<string, string> = { 'ratelimit-limit': String(context.rateLimit) };
  if (!verdict.allowed) {
    return problemAnswer(problem(429, `This token may make ${context.rateLimit} requests a minute.`), {
      ...headers,
      'ratelimit-remaining': '0',
      'retry-after': String(verdict.retryAfterSeconds),
    });
  }
  return { token, headers: { ...headers, 'ratelimit-remaining': String(verdict.remaining) } };
}

/** The JSON body of a write, or the answer that refuses it. */
async function readBody(request: Request): Promise<{ value: unknown } | Response> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(contentType)) {
    return problemOf(415, 'Send the body as application/json.');
  }
  // The body is read as UTF-8 (RFC 8259 8.1): a body declared in another charset would be misread.
  const charset = declaredCharset(contentType);
  if (charset !== null && !isUtf8(charset)) {
    return problemOf(415, `Send the body as UTF-8 JSON (application/json; charset=utf-8), not charset=${charset.slice(0, 40)}.`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await readBytesLimited(request, BODY_LIMITS.api.bytes));
  } catch (error) {
    if (error instanceof BodyError) return problemOf(error.status, error.message);
    return problemOf(400, 'The body is not valid UTF-8.');
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return problemOf(400, 'The body is not valid JSON.');
  }
}

interface Validated {
  call: Omit<ApiCall, 'handle' | 'token' | 'now'>;
  rawBody: unknown;
  /** Removes what reading the body left behind (a staged CSV file). */
  done?: () => Promise<void>;
}

/** A CSV body (docs/decisions/0062): staged to a file as it arrives, its hash standing for it in the Idempotency-Key's fingerprint. */
async function readCsvBody(request: Request): Promise<{ upload: StagedUpload } | Response> {
  if (!/^text\/csv\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) return problemOf(415, 'Send the body as text/csv.');
  try {
    return { upload: await stageUpload(request.body, Number(request.headers.get('content-length') ?? '0')) };
  } catch (error) {
    if (error instanceof ImportRefusal) return problemOf(error.status, error.message);
    throw error;
  }
}

async function validate(request: Request, url: URL, found: Exclude<Found, Response>): Promise<Validated | Response> {
  const { operation } = found.route;
  const params = operation.params.safeParse(found.params);
  if (!params.success) return problemOf(404, 'Nothing is at this path.', fieldErrors(params.error, '#/path'));
  const query = operation.query.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return problemOf(400, 'A query parameter is not valid.', fieldErrors(query.error, '#/query'));
  if (operation.csvBody) {
    const csv = await readCsvBody(request);
    if (csv instanceof Response) return csv;
    return {
      call: { params: params.data, query: query.data, body: csv.upload },
      rawBody: { csv_sha256: csv.upload.sha256, query: query.data },
      done: () => dropStaged(csv.upload),
    };
  }
  if (!operation.body) return { call: { params: params.data, query: query.data, body: undefined }, rawBody: null };
  const read = await readBody(request);
  if (read instanceof Response) return read;
  const body = operation.body.safeParse(read.value);
  if (!body.success) return problemOf(422, 'The body has fields to correct.', fieldErrors(body.error, '#'));
  return { call: { params: params.data, query: query.data, body: body.data }, rawBody: read.value };
}

export async function answerApiRequest(request: Request, context: ApiContext): Promise<Response> {
  const url = new URL(request.url);
  const found = findRoute(request.method, url.pathname.slice(API_BASE.length));
  if (found instanceof Response) return found;
  try {
    const admitted = await admit(request, context);
    if (admitted instanceof Response) return admitted;
    const answer = await authorised({ request, url, found, context: { ...context, ...admitted } });
    for (const [name, value] of Object.entries(admitted.headers)) answer.headers.set(name, value);
    return answer;
  } catch (error) {
    if (await isDatabaseDown(error)) {
      return problemAnswer(problem(503, TEMPORARILY_UNAVAILABLE), { 'retry-after': String(RETRY_AFTER_SECONDS) });
    }
    log.error({ err: error, operation: found.route.operation.operationId }, 'API request failed');
    return problemOf(500, 'Something went wrong on our side. Please try again shortly.');
  }
}

async function authorised({
  request,
  url,
  found,
  context,
}: {
  request: Request;
  url: URL;
  found: Exclude<Found, Response>;
  context: ApiContext & { token: ApiToken };
}): Promise<Response> {
  const { operation } = found.route;
  if (operation.write && context.token.scope !== 'write')
    return problemOf(403, 'This token may only read: make a write token for changes.');
  const key = request.headers.get('idempotency-key');
  if (key !== null && (!operation.write || !isIdempotencyKey(key))) {
    const why = operation.write
      ? 'An Idempotency-Key is 1 to 255 printable ASCII characters, such as a UUID.'
      : 'Only writes take an Idempotency-Key.';
    return problemOf(400, why, [{ pointer: '#/header/idempotency-key', detail: why }]);
  }
  const validated = await validate(request, url, found);
  if (validated instanceof Response) return validated;
  try {
    return await keyed({ request, url, operation, validated, context, key });
  } finally {
    await validated.done?.();
  }
}

async function keyed({
  request,
  url,
  operation,
  validated,
  context,
  key,
}: {
  request: Request;
  url: URL;
  operation: ApiOperation;
  validated: Validated;
  context: ApiContext & { token: ApiToken };
  key: string | null;
}): Promise<Response> {
  const call: ApiCall = { ...validated.call, handle: context.handle, token: context.token, now: context.now };
  if (key === null) return run(operation, call);
  const ref = { tokenId: context.token.id, key };
  const claim = await claimKey(context.handle.db, {
    ...ref,
    fingerprint: requestFingerprint({ method: request.method, path: url.pathname, body: validated.rawBody }),
  });
  if (claim.kind === 'other-request') return problemOf(422, 'This Idempotency-Key was used for another request within 24 hours.');
  if (claim.kind === 'running') return problemOf(409, 'The first request with this Idempotency-Key is still running. Try again shortly.');
  if (claim.kind === 'replay') {
    return new Response(claim.answer.status === 204 ? null : claim.answer.body, {
      status: claim.answer.status,
      headers: { ...claim.answer.headers, 'idempotent-replayed': 'true', 'cache-control': 'no-store' },
    });
  }
  let answer: Response;
  try {
    answer = await run(operation, call);
  } catch (error) {
    await releaseKey(context.handle.db, ref);
    throw error;
  }
  if (answer.status >= 500) await releaseKey(context.handle.db, ref);
  else {
    const body = await answer.clone().text();
    await storeAnswer(context.handle.db, ref, {
      status: answer.status,
      headers: { 'content-type': answer.headers.get('content-type') ?? '' },
      body,
    });
  }
  return answer;
}

async function run(operation: ApiOperation, call: ApiCall): Promise<Response> {
  try {
    const answer = await operation.run(call);
    return jsonAnswer(answer.status, answer.body);
  } catch (error) {
    if (error instanceof ApiProblem) return problemAnswer(error.problem);
    throw error;
  }
}
