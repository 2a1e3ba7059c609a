/**
 * Access windows (docs/PRODUCT.md "Access windows and the countdown"). Pure: the caller passes the
 * visitor's first visit and "now", so every state can be tested at any instant.
 *
 * - Evergreen: the window closes at first visit + duration.
 * - Live: wall-clock start and end in the config's IANA time zone (daylight saving handled);
 *   before the start the page counts down to the start, between start and end to the end, and
 *   after the end the event has ended.
 */
import { TZDate } from '@date-fns/tz';
import { LRUCache } from 'lru-cache';
import type { TimerConfig } from './edition.ts';

export type TimerPhase = 'evergreen' | 'before-start' | 'until-end';

export type TimerState =
  { status: 'counting'; mode: TimerConfig['mode']; phase: TimerPhase; deadline: number } | { status: 'expired'; mode: TimerConfig['mode'] };

export type CountingTimer = Extract<TimerState, { status: 'counting' }>;

/** What a visitor gets on a timed page now. */
export type PageAccess =
  | { kind: 'open'; timer: CountingTimer; redirectTo: string }
  | { kind: 'closed'; redirectTo: string }
  /** The visit could not be recorded: the page shows, without a countdown (docs/PRODUCT.md "Access windows and the countdown"). */
  | { kind: 'session-error'; redirectTo: string | null }
  /** The edition has no timer for this page. */
  | { kind: 'untimed' };

/**
 * Instants already worked out, by local date-time and zone. A zone's offset comes from
 * Intl.DateTimeFormat, about 20 µs a call: every personal page asks for the same few instants
 * (each timer's start and end, each day's opening), and under load those calls were a tenth of
 * the process's time (bench/NOTES.md, 2026-11-25). The answer never changes for the same input
 * (a zone's rules change only with a new Node), so remembering it is safe; bounded all the same.
 */
const instants = new LRUCache<string, number>({ max: 4096 });

/** "2025-09-23T00:00" in "Australia/Sydney" as an instant (ms since the epoch). */
export function zonedTimeToInstant(localDateTime: string, timeZone: string): number {
  const key = `${timeZone} ${localDateTime}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  const instant = instantOf(localDateTime, timeZone);
  instants.set(key, instant);
  return instant;
}

function instantOf(localDateTime: string, timeZone: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(localDateTime);
  if (!match) throw new Error(`Not a local date-time: ${localDateTime}`);
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new TZDate(year, month - 1, day, hour, minute, second, timeZone).getTime();
}

export function computeTimer(config: TimerConfig, firstVisit: Date, now: Date): TimerState {
  const at = now.getTime();
  if (config.mode === 'evergreen') {
    const deadline = firstVisit.getTime() + config.durationSeconds * 1000;
    return at < deadline
      ? { status: 'counting', mode: 'evergreen', phase: 'evergreen', deadline }
      : { status: 'expired', mode: 'evergreen' };
  }
  const start = zonedTimeToInstant(config.eventStartDate, config.timezone);
  const end = zonedTimeToInstant(config.eventEndDate, config.timezone);
  if (at < start) return { status: 'counting', mode: 'live', phase: 'before-start', deadline: start };
  if (at < end) return { status: 'counting', mode: 'live', phase: 'until-end', deadline: end };
  return { status: 'expired', mode: 'live' };
}

/**
 * Where a page goes when its window is over: the config's redirectUrl resolved against the
 * page's own URL (so "day-2" stays within /august/ or the legacy root), as a same-origin path
 * when it is one, else the absolute URL.
 */
export function resolveRedirect(redirectUrl: string, pageUrl: URL): string {
  // Asked on every personal page request with the same few timers and pages: parsing a URL each
  // time was a few per cent of the fast path's own work.
  const key = `${redirectUrl}\n${pageUrl.href}`;
  let resolved = redirects.get(key);
  if (resolved === undefined) {
    const target = new URL(redirectUrl, pageUrl);
    resolved = target.origin === pageUrl.origin ? `${target.pathname}${target.search}${target.hash}` : target.toString();
    redirects.set(key, resolved);
  }
  return resolved;
}
const redirects = new LRUCache<string, string>({ max: 1024 });
