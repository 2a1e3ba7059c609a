/**
 * Problem details (RFC 9457), the body of every error the API answers (docs/decisions/0060):
 * `type` is about:blank, so `title` is the status's own phrase; `detail` says what happened in
 * words; `errors` lists each refused field by its JSON Pointer into the request, as RFC 9457's
 * own example does. Query and path parameters are named `#/query/name` and `#/path/name`.
 */
import type { z } from 'zod';

export interface FieldError {
  pointer: string;
  detail: string;
}

export interface Problem {
  type: 'about:blank';
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const PROBLEM_TYPE = 'application/problem+json';

export function problem(status: number, detail: string, errors?: FieldError[]): Problem {
  return { type: 'about:blank', title: TITLES[status] ?? 'Error', status, detail, ...(errors?.length ? { errors } : {}) };
}

/** `/a/0/b` from a path of keys, escaped as RFC 6901 asks. */
export function jsonPointer(path: readonly PropertyKey[]): string {
  return path.map((key) => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** One field error per zod issue; `root` is where the parsed value sits ('#' for the body). */
export function fieldErrors(error: z.ZodError, root: string): FieldError[] {
  return error.issues.flatMap((issue) => {
    // An unknown field is named at itself, not at the object that holds it.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ pointer: `${root}${jsonPointer([...issue.path, key])}`, detail: 'This field is not known here.' }));
    }
    return [{ pointer: `${root}${jsonPointer(issue.path)}`, detail: issue.message }];
  });
}
