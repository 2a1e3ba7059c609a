/**
 * When a failed webhook delivery is tried again (docs/decisions/0058): with the queue's one backoff
 * (domain/retry-backoff.ts: 30 s, then doubling) up to 12 h between tries, until three days have
 * passed since the event; then it is given up.
 */
export const WEBHOOK_RETRY_CAP_SECONDS = 12 * 3600;
export const RETRY_WINDOW_MS = 3 * 24 * 3600 * 1000;
/** Failures in a row after which an endpoint is switched off with a notice in the admin. */
export const FAILURES_TO_DISABLE = 50;

/** Whether a delivery that just failed at `now` is tried again, or given up. */
export function retriesLeft(eventAt: Date, now: Date): boolean {
  return now.getTime() - eventAt.getTime() < RETRY_WINDOW_MS;
}
