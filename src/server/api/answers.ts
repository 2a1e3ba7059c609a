/** The API's answers as HTTP (docs/decisions/0060): JSON, or problem+json for every error; never stored by a cache. */
import { problem, PROBLEM_TYPE, type FieldError, type Problem } from '../../domain/api/problem.ts';

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204) return new Response(null, { status, headers: { 'cache-control': 'no-store', ...headers } });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function problemAnswer(value: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), {
    status: value.status,
    headers: { 'content-type': `${PROBLEM_TYPE}; charset=utf-8`, 'cache-control': 'no-store', ...headers },
  });
}

export const problemOf = (status: number, detail: string, errors?: FieldError[]): Response =>
  problemAnswer(problem(status, detail, errors));
