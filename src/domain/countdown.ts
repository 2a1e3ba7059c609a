/** The countdown display (docs/PRODUCT.md "Access windows and the countdown"): days, hours, minutes and seconds, two digits each. */
import { formatZonedDateTime } from './dates.ts';

export interface CountdownParts {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
}

/**
 * The zone a page writes its times in for its reader (docs/PRODUCT.md "Access windows and the
 * countdown": the time limit "in the visitor's time zone"): a signed-in registrant's own zone,
 * which their browser gave at registration, where the product knows it; otherwise the edition's,
 * named, since an anonymous visitor's zone is not known on the server.
 */
export function readerTimeZone(ownZone: string | null | undefined, editionZone: string): string {
  if (!ownZone || ownZone.length > 64) return editionZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: ownZone });
    return ownZone;
  } catch {
    return editionZone;
  }
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

/**
 * What a countdown shows that changes with each request: the deadline (milliseconds, and as the
 * ISO instant and the text of the sentence that explains the time limit, in the reader's zone (readerTimeZone)
 * with the zone named, as every time the server renders for a reader), the server's time, the parts.
 */
export interface CountdownFields extends CountdownParts {
  deadline: string;
  deadlineIso: string;
  deadlineText: string;
  serverNow: string;
}

export const COUNTDOWN_FIELD_NAMES = [
  'deadline',
  'deadlineIso',
  'deadlineText',
  'serverNow',
  'days',
  'hours',
  'minutes',
  'seconds',
] as const satisfies readonly (keyof CountdownFields)[];

/** `ofDeadline`: deadlineFields(deadline, the edition's zone), which the server remembers per deadline and zone. */
export function countdownFields(deadline: number, now: number, ofDeadline: DeadlineFields): CountdownFields {
  return { ...ofDeadline, serverNow: String(now), ...formatCountdown(deadline - now) };
}

/** The fields that depend on the deadline and the edition's zone alone (the server remembers them per deadline and zone). */
export type DeadlineFields = Pick<CountdownFields, 'deadline' | 'deadlineIso' | 'deadlineText'>;

export function deadlineFields(deadline: number, timeZone: string): DeadlineFields {
  const instant = new Date(deadline);
  return { deadline: String(deadline), deadlineIso: instant.toISOString(), deadlineText: formatZonedDateTime(instant, timeZone) };
}

/**
 * The minutes left at which a screen reader hears the countdown (WCAG 2.2.2 and 4.1.3): a few
 * moments near the end, never every second. The digits themselves are hidden from it.
 */
export const ANNOUNCED_MINUTES = [60, 30, 15, 10, 5, 2, 1] as const;

/**
 * What to announce when the time left went from `before` to `now` (milliseconds), or null when no
 * moment was passed; the nearest moment when several were (a device waking from sleep).
 */
export function countdownAnnouncement(before: number, now: number): string | null {
  const passed = ANNOUNCED_MINUTES.findLast((minutes) => before > minutes * 60_000 && now <= minutes * 60_000);
  if (passed === undefined) return null;
  return passed === 1 ? '1 minute left.' : `${passed} minutes left.`;
}

/** The on-page redirect delay once the countdown reaches zero (docs/PRODUCT.md "Access windows and the countdown"). */
export const REDIRECT_DELAY_MS = { evergreen: 2000, live: 3000 } as const;

/** The banner text once a window is over (docs/PRODUCT.md "Access windows and the countdown"). */
export function expiredMessage(mode: 'evergreen' | 'live', dayLabel: string): string {
  return mode === 'live'
    ? `The ${dayLabel} event has ended - Redirecting you now...`
    : 'Your summit access is now over - Redirecting you now...';
}
