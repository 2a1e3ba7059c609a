/**
 * The outbound worker's one wake-up (docs/decisions/0072): whoever queues a job (a registration,
 * a payment, "find my access", a resend in the admin) calls wakeOutbound after its transaction
 * commits, and the worker of this process runs a round at once instead of at its next tick.
 */
let wake: (() => void) | undefined;

/** Runs the worker now, if one is running in this process. */
export function wakeOutbound(): void {
  wake?.();
}

/** The running worker's round (undefined when it stops). */
export function setWakeUp(run: (() => void) | undefined): void {
  wake = run;
}
