/**
 * The one backoff of the outbound queue (docs/decisions/0072): after a failed attempt a job waits
 * 30 s, then twice as long after each further failure, up to its kind's cap (an e-mail 1 h, a
 * webhook delivery or a list call 12 h). When a job is given up is its kind's rule, not this one.
 */
const FIRST_DELAY_SECONDS = 30;

export function retryDelaySeconds(attempts: number, capSeconds: number): number {
  return Math.min(capSeconds, FIRST_DELAY_SECONDS * 2 ** Math.max(0, attempts - 1));
}
