/**
 * When a failed webhook delivery is tried again (docs/decisions/0058): 30 s, then doubling up to
 * 12 h between tries, until three days have passed since the event; then it is given up.
 */
const MAX_DELAY_SECONDS = 12 * 3600;
export const RETRY_WINDOW_MS = 3 * 24 * 3600 * 1000;
/** Failures in a row after which an endpoint is switched off with a notice in the admin. */
export const FAILURES_TO_DISABLE = 50;

export function webhookRetryDelaySeconds(attempts: number): number {
  return Math.min(MAX_DELAY_SECONDS, 30 * 2 ** Math.max(0, attempts - 1));
}

/** Whether a delivery that just failed at `now` is tried again, or given up. */
export function retriesLeft(eventAt: Date, now: Date): boolean {
  return now.getTime() - eventAt.getTime() < RETRY_WINDOW_MS;
}
