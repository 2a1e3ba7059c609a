/**
 * When an edition's message goes to a registrant (issue 18 "Messages per edition"). Pure: the
 * scheduler turns a rule into SQL bounds, the admin into "sends 12 hours after registration".
 *
 * A rule is relative to one of: the registration; the start of a summit day (an evergreen day
 * opens when the previous one's window ends, counted from registration; a live day at its
 * wall-clock start in its time zone); the end of the summit; or an event (a pass purchase).
 * Each message also has a moment after which it is stale and never sent: a day's reminder after
 * that day closed, "tomorrow we begin" once it has begun. Registering after a live message's
 * time therefore sends nothing stale.
 */
import { z } from 'zod';
import type { TimedPage, TimerConfig } from '../edition.ts';
import { zonedTimeToInstant } from '../timer.ts';
import type { AccessMode } from '../access/access-modes.ts';
import { canListen, decideAccess } from '../access/access-rule.ts';
import type { RegistrantTier } from '../entities.ts';

export const messageCategories = ['marketing', 'transactional'] as const;
export type MessageCategory = (typeof messageCategories)[number];

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How long after its time a message without a natural end (an offer) may still go out. */
const GRACE_MS = 7 * DAY_MS;
/** Two weeks either way, in minutes. */
const MAX_OFFSET = 14 * 24 * 60;

const summitDay = z.number().int().min(1).max(3);

export const sendRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('after-registration'), minutes: z.number().int().min(0).max(MAX_OFFSET) }),
  z.object({ kind: z.literal('day'), day: summitDay, minutes: z.number().int().min(-MAX_OFFSET).max(MAX_OFFSET) }),
  z.object({ kind: z.literal('after-summit'), minutes: z.number().int().min(0).max(MAX_OFFSET) }),
  z.object({ kind: z.literal('pass-purchase') }),
  /** The confirmation, queued in the registration's transaction. */
  z.object({ kind: z.literal('registration') }),
  /** "Find my access": the personal links again, when someone asks for them. */
  z.object({ kind: z.literal('access-request') }),
]);
export type SendRule = z.infer<typeof sendRuleSchema>;

/**
 * The rules of the messages every edition must have (issue 26, item 7): the host edits their
 * words, but cannot switch them off or move them, since they carry the registrant's only way in.
 */
const requiredRuleKinds: ReadonlySet<SendRule['kind']> = new Set(['registration', 'access-request']);

export function isRequiredRule(rule: SendRule): boolean {
  return requiredRuleKinds.has(rule.kind);
}

/** A day's window, as the edition's timer defines it. */
export type DayWindow =
  /** Evergreen: opens offsetMs after registration, open for lengthMs. */
  { mode: 'evergreen'; offsetMs: number; lengthMs: number } | { mode: 'live'; start: number; end: number };

/** The three days' windows from the edition's timers (null where a day has no timer). */
export function dayWindows(timers: Partial<Record<TimedPage, TimerConfig>>): (DayWindow | null)[] {
  let evergreenOffset = 0;
  return (['day1', 'day2', 'day3'] as const).map((page) => {
    const timer = timers[page];
    if (!timer) return null;
    if (timer.mode === 'live') {
      return {
        mode: 'live',
        start: zonedTimeToInstant(timer.eventStartDate, timer.timezone),
        end: zonedTimeToInstant(timer.eventEndDate, timer.timezone),
      };
    }
    const window: DayWindow = { mode: 'evergreen', offsetMs: evergreenOffset, lengthMs: timer.durationSeconds * 1000 };
    evergreenOffset += window.lengthMs;
    return window;
  });
}

/** Whether the edition runs on the calendar (any live day): its messages carry calendar events. */
export function isLiveEdition(windows: (DayWindow | null)[]): boolean {
  return windows.some((window) => window?.mode === 'live');
}

/**
 * When a rule sends, in the form the scheduler queries: relative to each registrant's
 * registration, at fixed instants, or on an event. Null: the rule cannot apply to this edition
 * (a day without a timer).
 */
export type MessageSchedule =
  { kind: 'relative'; offsetMs: number; staleOffsetMs: number } | { kind: 'fixed'; dueAt: number; staleAt: number } | { kind: 'event' };

export function messageSchedule(rule: SendRule, windows: (DayWindow | null)[]): MessageSchedule | null {
  if (rule.kind === 'pass-purchase' || rule.kind === 'registration' || rule.kind === 'access-request') return { kind: 'event' };
  if (rule.kind === 'after-registration') {
    const offsetMs = rule.minutes * MINUTE_MS;
    return { kind: 'relative', offsetMs, staleOffsetMs: offsetMs + DAY_MS };
  }
  if (rule.kind === 'day') {
    const window = windows[rule.day - 1];
    if (!window) return null;
    const shift = rule.minutes * MINUTE_MS;
    // Before the day opens, the message is stale once it has opened; after, once it has closed.
    if (window.mode === 'live') return { kind: 'fixed', dueAt: window.start + shift, staleAt: shift < 0 ? window.start : window.end };
    return {
      kind: 'relative',
      offsetMs: window.offsetMs + shift,
      staleOffsetMs: shift < 0 ? window.offsetMs : window.offsetMs + window.lengthMs,
    };
  }
  const last = windows.filter((window): window is DayWindow => window !== null).at(-1);
  const shift = rule.minutes * MINUTE_MS;
  if (!last) return { kind: 'relative', offsetMs: shift, staleOffsetMs: shift + GRACE_MS };
  if (last.mode === 'live') return { kind: 'fixed', dueAt: last.end + shift, staleAt: last.end + shift + GRACE_MS };
  const end = last.offsetMs + last.lengthMs + shift;
  return { kind: 'relative', offsetMs: end, staleOffsetMs: end + GRACE_MS };
}

/** When this registrant's copy is due and when it goes stale (null for event messages). */
export function dueWindowFor(schedule: MessageSchedule, registeredAt: Date): { dueAt: number; staleAt: number } | null {
  if (schedule.kind === 'event') return null;
  if (schedule.kind === 'fixed') {
    // Registered after the message's time: it was never theirs to get.
    if (registeredAt.getTime() > schedule.dueAt) return { dueAt: schedule.dueAt, staleAt: schedule.dueAt };
    return { dueAt: schedule.dueAt, staleAt: schedule.staleAt };
  }
  const at = registeredAt.getTime();
  return { dueAt: at + schedule.offsetMs, staleAt: at + schedule.staleOffsetMs };
}

/** Whether the copy may still go at `now` (due, and not stale). */
export function isSendable(schedule: MessageSchedule, registeredAt: Date, now: Date): boolean {
  if (schedule.kind === 'event') return true;
  const window = dueWindowFor(schedule, registeredAt);
  return window !== null && window.dueAt <= now.getTime() && now.getTime() < window.staleAt;
}

/** The day a rule is about (its links and deadline), if any. */
export function ruleDay(rule: SendRule): 1 | 2 | 3 | null {
  return rule.kind === 'day' ? (rule.day as 1 | 2 | 3) : null;
}

/** "12 hours after day 2 opens", for the admin. */
export function describeRule(rule: SendRule): string {
  if (rule.kind === 'pass-purchase') return 'When a pass is bought';
  if (rule.kind === 'registration') return 'When they register';
  if (rule.kind === 'access-request') return 'When they ask for their links (“Find my access”)';
  const offset = (minutes: number, anchor: string) => {
    if (minutes === 0) return `When ${anchor}`;
    const amount = formatDuration(Math.abs(minutes) * MINUTE_MS);
    return `${amount} ${minutes < 0 ? 'before' : 'after'} ${anchor}`;
  };
  if (rule.kind === 'after-registration') return offset(rule.minutes, 'they register');
  if (rule.kind === 'day') return offset(rule.minutes, `day ${rule.day} opens`);
  return offset(rule.minutes, 'the summit ends');
}

/** "1 day 2 hours", "12 hours", "45 minutes": the largest two units. */
export function formatDuration(ms: number): string {
  const totalMinutes = Math.max(0, Math.round(ms / MINUTE_MS));
  const days = Math.floor(totalMinutes / (24 * 60));
  const hours = Math.floor((totalMinutes % (24 * 60)) / 60);
  const minutes = totalMinutes % 60;
  const parts = [
    [days, 'day'],
    [hours, 'hour'],
    [minutes, 'minute'],
  ]
    .filter(([count]) => (count as number) > 0)
    .slice(0, 2)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`);
  return parts.length ? parts.join(' ') : '0 minutes';
}

/** A day's window for one registrant, as instants. */
export function dayWindowFor(window: DayWindow, registeredAt: Date): { start: number; end: number } {
  if (window.mode === 'live') return { start: window.start, end: window.end };
  const start = registeredAt.getTime() + window.offsetMs;
  return { start, end: start + window.lengthMs };
}

/** Building a formatter costs about a millisecond; there are few time zones, so each is kept. */
const deadlineFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATS = 500;

/** "Tuesday 23 September at 12:00 am GMT+10": a deadline as the registrant reads it, in their time zone. */
export function formatDeadline(instant: number, timeZone: string): string {
  let format = deadlineFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    if (deadlineFormats.size < MAX_FORMATS) deadlineFormats.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

/** Whether a browser-supplied time zone is one this runtime knows (else the edition's is used). */
export function isKnownTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the one access rule (src/domain/access/access-rule.ts) lets this registrant open the
 * day a message is about: asked without the day's timer, because the send rule already places
 * the message inside its window. Messages about no day (offers, pass confirmations) always may.
 */
export function accessAllowsMessage({
  rule,
  mode,
  registrant,
  now,
}: {
  rule: SendRule;
  mode: AccessMode;
  registrant: { tier: RegistrantTier; registeredAt: Date };
  now: Date;
}): boolean {
  const day = ruleDay(rule);
  if (!day) return true;
  const answer = decideAccess({
    mode,
    viewer: { kind: 'registrant', ...registrant },
    page: `day${day}`,
    timer: null,
    firstVisit: now,
    now,
    overRedirect: '',
    signInRedirect: '',
  });
  return canListen(answer);
}
