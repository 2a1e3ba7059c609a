/**
 * The HTTP face of the session procedures: POST /api/rpc/{procedure} with a JSON body of named
 * parameters, answering an array of rows, as the hosted backend's remote procedures did.
 */
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { BodyError, readJsonObject } from '../http/body.ts';
import { json, jsonError } from '../http/responses.ts';
import { visitorRowLimiter } from './visitor-limits.ts';
import {
  findUserSession,
  getUserSession,
  pageTypeSchema,
  sessionIdSchema,
  UnknownEditionError,
  upsertUserSession,
} from './user-sessions.ts';
import { BODY_LIMITS } from '../../domain/body-limits.ts';

const MAX_BODY_BYTES = BODY_LIMITS.sessionProcedures.bytes;

const getParams = z.object({ session_id_param: sessionIdSchema });
const upsertParams = z.object({ session_id_param: sessionIdSchema, page_type_param: pageTypeSchema });

export const TOO_MANY_SESSIONS = 'Too many session updates from your address. Please wait a minute and try again.';

/** Answered instead of a result when the call would write a row the client may not write now. */
class TooManySessions extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(TOO_MANY_SESSIONS);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const procedures = {
  get_user_session: async (db: Database, body: Record<string, unknown>) => {
    const params = getParams.parse(body);
    return getUserSession(db, params.session_id_param);
  },
  upsert_user_session: async (db: Database, body: Record<string, unknown>, address: string) => {
    const params = upsertParams.parse(body);
    // Only a new row costs the client part of its per-minute allowance: repeating a visit
    // rewrites nothing that grows, and an invalid call was refused above without a charge.
    const known = await findUserSession(db, params.session_id_param, params.page_type_param);
    if (!known) {
      const verdict = await visitorRowLimiter(db).take(address);
      if (!verdict.allowed) throw new TooManySessions(verdict.retryAfterSeconds);
    }
    return [await upsertUserSession({ db, sessionId: params.session_id_param, pageType: params.page_type_param })];
  },
};

export function isProcedure(name: string): name is keyof typeof procedures {
  return Object.hasOwn(procedures, name);
}

/** address: the client's, for the per-client limit on rows written (visitor-limits.ts). */
export async function callProcedure({
  getDb,
  name,
  request,
  address,
}: {
  getDb: () => Promise<Database>;
  name: string;
  request: Request;
  address: string;
}): Promise<Response> {
  if (!isProcedure(name)) return jsonError(404, `Unknown procedure: ${name}`);
  try {
    const body = await readJsonObject(request, MAX_BODY_BYTES);
    return json(200, await procedures[name](await getDb(), body, address));
  } catch (error) {
    if (error instanceof TooManySessions) {
      const response = jsonError(429, error.message);
      response.headers.set('retry-after', String(error.retryAfterSeconds));
      return response;
    }
    if (error instanceof BodyError) return jsonError(error.status, error.message);
    if (error instanceof z.ZodError) return jsonError(400, error.issues[0]?.message ?? 'Invalid parameters');
    if (error instanceof UnknownEditionError) return jsonError(400, error.message);
    throw error;
  }
}
