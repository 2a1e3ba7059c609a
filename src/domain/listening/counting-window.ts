/**
 * The measurement window (IAB Podcast Measurement Technical Guidelines v2.3, section 5.5.1): a
 * "first touch" rolling window of 24 hours. It starts when a listener's download of an episode is
 * counted; nothing from that listener for that episode counts again until it has passed, and the
 * next download then needs its own minute of audio.
 */
export const COUNTING_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether a download counted at `countedAt` still covers `at`. */
export function insideWindow(countedAt: Date, at: Date): boolean {
  return Math.abs(at.getTime() - countedAt.getTime()) < COUNTING_WINDOW_MS;
}

/** The UTC calendar day of an instant (YYYY-MM-DD): the day a salt and a network count belong to. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - COUNTING_WINDOW_MS));
}
