/**
 * The "way back" after registering or signing in: only a same-site path to a timed page of an
 * edition (/{slug}/day-N, /{slug}/dashboard, or the legacy /day-N and /dashboard), so the
 * parameter can never send a visitor to another site.
 */
const NEXT_PATH = /^\/(?:[a-z][a-z0-9-]{1,39}\/)?(?:day-[1-3]|dashboard)$/;

export function safeNextPath(value: string | null | undefined): string | null {
  return value && NEXT_PATH.test(value) ? value : null;
}
