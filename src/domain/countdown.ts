/** The countdown display (SPEC.md section 9): days, hours, minutes and seconds, two digits each. */

export interface CountdownParts {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Splits a remaining time in milliseconds; negative times show as zero. Partial seconds round down. */
export function formatCountdown(remainingMs: number): CountdownParts {
  const totalSeconds = Math.max(0, Math.floor(remainingMs / 1000));
  return {
    days: pad(Math.floor(totalSeconds / 86_400)),
    hours: pad(Math.floor((totalSeconds % 86_400) / 3600)),
    minutes: pad(Math.floor((totalSeconds % 3600) / 60)),
    seconds: pad(totalSeconds % 60),
  };
}

/** What a countdown shows that changes with each request: the deadline, the server's time, the parts. */
export interface CountdownFields extends CountdownParts {
  deadline: string;
  serverNow: string;
}

export const COUNTDOWN_FIELD_NAMES = [
  'deadline',
  'serverNow',
  'days',
  'hours',
  'minutes',
  'seconds',
] as const satisfies readonly (keyof CountdownFields)[];

export function countdownFields(deadline: number, now: number): CountdownFields {
  return { deadline: String(deadline), serverNow: String(now), ...formatCountdown(deadline - now) };
}

/** The on-page redirect delay once the countdown reaches zero (SPEC.md section 9). */
export const REDIRECT_DELAY_MS = { evergreen: 2000, live: 3000 } as const;

/** The banner text once a window is over (SPEC.md section 4). */
export function expiredMessage(mode: 'evergreen' | 'live', dayLabel: string): string {
  return mode === 'live'
    ? `The ${dayLabel} event has ended - Redirecting you now...`
    : 'Your summit access is now over - Redirecting you now...';
}
