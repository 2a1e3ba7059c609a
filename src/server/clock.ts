/**
 * The one source of "now" for request handling. In production it is the system clock. With
 * UNSAFE_TEST_CLOCK (tests only) a request may carry x-test-now: <ISO instant>, so browser
 * tests can place the server before, inside or after any access window without waiting.
 */
import { env } from './env.ts';

export const TEST_NOW_HEADER = 'x-test-now';

/** A web Request, or anything that reads a header the same way (the Node fast path's adapter). */
export function requestNow(request: { headers: { get(name: string): string | null } }): Date {
  if (env().UNSAFE_TEST_CLOCK) {
    const value = request.headers.get(TEST_NOW_HEADER);
    const instant = value ? Date.parse(value) : Number.NaN;
    if (!Number.isNaN(instant)) return new Date(instant);
  }
  return new Date();
}
