/**
 * One operation of the API (docs/decisions/0060): its method and path, the schemas of its path,
 * query and body (which validate the request and make the OpenAPI document), its answers, whether
 * it writes, and what it does. src/server/api/operations.ts lists them all.
 */
import type { z } from 'zod';
import { problem, type FieldError, type Problem } from '../../domain/api/problem.ts';
import type { DbHandle } from '../db/client.ts';
import type { ApiToken } from './tokens.ts';

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ApiCall<P = unknown, Q = unknown, B = unknown> {
  handle: DbHandle;
  token: ApiToken;
  params: P;
  query: Q;
  body: B;
  now: Date;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Thrown by an operation for an answer other than its success: becomes problem+json. */
export class ApiProblem extends Error {
  readonly problem: Problem;
  constructor(status: number, detail: string, errors?: FieldError[]) {
    super(detail);
    this.problem = problem(status, detail, errors);
  }
}

export interface ApiResponse {
  description: string;
  schema?: z.ZodType;
}

export interface ApiOperation {
  operationId: string;
  method: ApiMethod;
  /** Under /api/v1, with `{name}` for path parameters (OpenAPI's own notation). */
  path: string;
  summary: string;
  description?: string;
  /** A write: refused to read tokens, and it takes an Idempotency-Key. */
  write: boolean;
  params: z.ZodType;
  query: z.ZodType;
  body?: z.ZodType;
  /** A text/csv body, staged to a file as it arrives (the call's body is the StagedUpload); its description for the document. */
  csvBody?: string;
  /** The answers it gives itself, by status (the common problems are added by the document). */
  responses: Record<number, ApiResponse>;
  run(call: ApiCall): Promise<ApiAnswer>;
}

/** Types an operation's `run` by its schemas; the table keeps them as ApiOperation. */
export function defineOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType = z.ZodNever>(
  operation: Omit<ApiOperation, 'run' | 'params' | 'query' | 'body'> & {
    params: P;
    query: Q;
    body?: B;
    run(call: ApiCall<z.output<P>, z.output<Q>, z.output<B>>): Promise<ApiAnswer>;
  },
): ApiOperation {
  return operation as unknown as ApiOperation;
}
