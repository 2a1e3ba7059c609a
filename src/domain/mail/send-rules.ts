/**
 * When an edition's message goes to a registrant (decision 0021). Pure: the
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

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How long after its time a message without a natural end (an offer) may still go out. */
const GRACE_MS = 7 * DAY_MS;
/** Two weeks either way, in minutes. */
export const MAX_OFFSET_MINUTES = 14 * 24 * 60;

const summitDay = z.number().int().min(1).max(3);
const offsetAfter = z.number().int().min(0).max(MAX_OFFSET_MINUTES);
const offsetEitherWay = z.number().int().min(-MAX_OFFSET_MINUTES).max(MAX_OFFSET_MINUTES);

/**
 * Every send rule, once (decision 0049). Adding one here makes the build fail until SEND_RULES
 * below has its entry (its words and traits), then at each `switch` that must say what the new
 * rule does (its schedule, its form fields, its event): decision 0083, and the worked example in
 * docs/ARCHITECTURE.md, "Adding a kind of e-mail".
 */
export const sendRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('after-registration'), minutes: offsetAfter }),
  z.object({ kind: z.literal('day'), day: summitDay, minutes: offsetEitherWay }),
  z.object({ kind: z.literal('after-summit'), minutes: offsetAfter }),
  z.object({ kind: z.literal('pass-purchase') }),
  /** The confirmation, queued in the registration's transaction. */
  z.object({ kind: z.literal('registration') }),
  /** "Find my access": the personal links again, when someone asks for them. */
  z.object({ kind: z.literal('access-request') }),
  /** A payment through the provider: the receipt (docs/decisions/0065). */
  z.object({ kind: z.literal('payment') }),
  /** A refund of part or all of a payment: the refund notice. */
  z.object({ kind: z.literal('refund') }),
]);
export type SendRule = z.infer<typeof sendRuleSchema>;
export type SendRuleKind = SendRule['kind'];

/** The kinds in the schema's order: the order the admin's form offers them. */
export const sendRuleKinds: readonly SendRuleKind[] = sendRuleSchema.options.map((option) => option.shape.kind.value);

/** One rule of the schema, by its kind. */
export type RuleOf<Kind extends SendRuleKind> = Extract<SendRule, { kind: Kind }>;

/** What the product says about one send rule, besides its fields (docs/decisions/0083). */
export interface SendRuleEntry<Kind extends SendRuleKind> {
  /** What the rule is relative to, as the admin's form offers it ("A day’s start"). */
  label: string;
  /** The rule in words, for the admin's list and the rehearsal ("12 hours after day 2 opens"). */
  describe: (rule: RuleOf<Kind>) => string;
  /** Whether it sends on a schedule, or on something a registrant does (its event), at that moment. */
  on: 'schedule' | 'event';
  /** A receipt or a refund notice: it needs its purchase to say anything. */
  aboutPayment: boolean;
  /**
   * Whether its e-mail carries the summit's calendar file (.ics): the confirmation, so the three
   * days are in the registrant's calendar from the start, and each day's e-mails.
   */
  calendar: boolean;
}

/**
 * Every send rule's words and traits, one entry per rule: a rule added to the schema does not
 * compile until it has its entry here, and everything the admin shows of a rule (its option,
 * its description) and the mail worker asks of it (its event, the calendar file, a purchase)
 * is read from it. `satisfies` keeps each entry's literal `on` and `aboutPayment`, from which
 * SendEvent and PaymentRuleKind are derived.
 */
export const SEND_RULES = {
  'after-registration': {
    label: 'Registration (hours after they register)',
    describe: (rule) => describeOffset(rule.minutes, 'they register'),
    on: 'schedule',
    aboutPayment: false,
    calendar: false,
  },
  day: {
    label: 'A day’s start',
    describe: (rule) => describeOffset(rule.minutes, `day ${rule.day} opens`),
    on: 'schedule',
    aboutPayment: false,
    calendar: true,
  },
  'after-summit': {
    label: 'The end of the summit',
    describe: (rule) => describeOffset(rule.minutes, 'the summit ends'),
    on: 'schedule',
    aboutPayment: false,
    calendar: false,
  },
  'pass-purchase': {
    label: 'A pass purchase (at once)',
    describe: () => 'When a pass is bought',
    on: 'event',
    aboutPayment: false,
    calendar: false,
  },
  registration: {
    label: 'They register (at once, with the confirmation)',
    describe: () => 'When they register',
    on: 'event',
    aboutPayment: false,
    calendar: true,
  },
  'access-request': {
    label: 'They ask for their links (at once, with “Find my access”)',
    describe: () => 'When they ask for their links (“Find my access”)',
    on: 'event',
    aboutPayment: false,
    calendar: false,
  },
  payment: {
    label: 'A payment through the checkout (at once: the receipt)',
    describe: () => 'When a payment comes in (the receipt)',
    on: 'event',
    aboutPayment: true,
    calendar: false,
  },
  refund: {
    label: 'A refund (at once)',
    describe: () => 'When a payment is refunded',
    on: 'event',
    aboutPayment: true,
    calendar: false,
  },
} satisfies { [Kind in SendRuleKind]: SendRuleEntry<Kind> };

/** The rules that send on something a registrant does, at that moment, rather than on a schedule. */
export type SendEvent = { [Kind in SendRuleKind]: (typeof SEND_RULES)[Kind]['on'] extends 'event' ? Kind : never }[SendRuleKind];

/** The rules that send on a schedule (relative to registration, a day, the summit's end). */
export type ScheduledRule = RuleOf<Exclude<SendRuleKind, SendEvent>>;

/** The rules about a payment: a receipt and a refund notice. */
export type PaymentRuleKind = {
  [Kind in SendRuleKind]: (typeof SEND_RULES)[Kind]['aboutPayment'] extends true ? Kind : never;
}[SendRuleKind];

/** Whether the rule sends on a schedule: its kind then has schedule maths (messageSchedule) of its own. */
export function isScheduledRule(rule: SendRule): rule is ScheduledRule {
  return SEND_RULES[rule.kind].on === 'schedule';
}

/** Whether the rule of this kind sends on an event (the kind is then the event's name). */
export function isEventKind(kind: SendRuleKind): kind is SendEvent {
  return SEND_RULES[kind].on === 'event';
}

/** The event a rule sends on, or null for a scheduled rule. */
export function ruleEvent(rule: SendRule): SendEvent | null {
  return isEventKind(rule.kind) ? rule.kind : null;
}

/** Whether a rule's message is about a payment (it shows that purchase). */
export function isPaymentRule(kind: SendRuleKind): kind is PaymentRuleKind {
  return SEND_RULES[kind].aboutPayment;
}

/** What a rule is relative to, as the admin's form offers it ("A day’s start"). */
export function ruleKindLabel(kind: SendRuleKind): string {
  return SEND_RULES[kind].label;
}

/** "12 hours after day 2 opens", for the admin. */
export function describeRule(rule: SendRule): string {
  // The entry's describe takes the rule of its own kind; TypeScript cannot pair the two through the index.
  return (SEND_RULES[rule.kind].describe as (rule: SendRule) => string)(rule);
}

/** Whether a rule's e-mail carries the summit's calendar file. */
export function ruleCarriesCalendar(rule: SendRule): boolean {
  return SEND_RULES[rule.kind].calendar;
}

/** The day a rule is about (its links, deadline and calendar file), if any: a rule with a day field is about that day. */
export function ruleDay(rule: SendRule): 1 | 2 | 3 | null {
  return 'day' in rule ? (rule.day as 1 | 2 | 3) : null;
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
  if (!isScheduledRule(rule)) return { kind: 'event' };
  switch (rule.kind) {
    case 'after-registration': {
      const offsetMs = rule.minutes * MINUTE_MS;
      return { kind: 'relative', offsetMs, staleOffsetMs: offsetMs + DAY_MS };
    }
    case 'day':
      return dayStartSchedule(windows[rule.day - 1] ?? null, rule.minutes * MINUTE_MS);
    case 'after-summit':
      return summitEndSchedule(windows, rule.minutes * MINUTE_MS);
  }
}

/** Before the day opens, the message is stale once it has opened; after, once it has closed. Null: the day has no timer. */
function dayStartSchedule(window: DayWindow | null, shift: number): MessageSchedule | null {
  if (!window) return null;
  if (window.mode === 'live') return { kind: 'fixed', dueAt: window.start + shift, staleAt: shift < 0 ? window.start : window.end };
  return {
    kind: 'relative',
    offsetMs: window.offsetMs + shift,
    staleOffsetMs: shift < 0 ? window.offsetMs : window.offsetMs + window.lengthMs,
  };
}

/** After the last day with a timer closes (counted from registration when no day has one); an offer keeps a week's grace. */
function summitEndSchedule(windows: (DayWindow | null)[], shift: number): MessageSchedule {
  const last = windows.filter((window): window is DayWindow => window !== null).at(-1);
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

function describeOffset(minutes: number, anchor: string): string {
  if (minutes === 0) return `When ${anchor}`;
  const amount = formatDuration(Math.abs(minutes) * MINUTE_MS);
  return `${amount} ${minutes < 0 ? 'before' : 'after'} ${anchor}`;
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
 * day a message is about, asked as the day page asks it: with the day's own timer (a live day
 * opens at its start for everyone; only an evergreen day drips from registration). A message
 * that goes before the day opens for them (a reminder) asks at that opening instead. Messages
 * about no day (offers, pass confirmations) always may.
 */
export function accessAllowsMessage({
  rule,
  mode,
  timer,
  registrant,
  now,
}: {
  rule: SendRule;
  mode: AccessMode;
  /** The timer of the day the rule is about (null: the edition times nothing there). */
  timer: TimerConfig | null;
  registrant: { tier: RegistrantTier; registeredAt: Date };
  now: Date;
}): boolean {
  const day = ruleDay(rule);
  if (!day) return true;
  const ask = (at: Date) =>
    decideAccess({
      mode,
      viewer: { kind: 'registrant', ...registrant },
      page: `day${day}`,
      timer,
      // No visit yet: the page's window would start at the moment asked, as a first visit's does.
      firstVisit: at,
      now: at,
      overRedirect: '',
      signInRedirect: '',
    });
  const answer = ask(now);
  return canListen(answer.kind === 'not-yet' ? ask(new Date(answer.opensAt)) : answer);
}
