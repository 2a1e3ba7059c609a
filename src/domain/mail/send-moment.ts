/**
 * When a message goes to one registrant, for the admin's preview: the preview
 * renders the message at that moment, so {{time_left}} and {{deadline}} read as in the e-mail
 * that is sent, not as at the moment the admin looks.
 */
import { dueWindowFor, formatDuration, messageSchedule, ruleEvent, type DayWindow, type SendRule } from './send-rules.ts';

/** The moment the message goes to someone who registered at `registeredAt`; `now` for events that happen at any time. */
export function sendMoment({
  rule,
  windows,
  registeredAt,
  now,
}: {
  rule: SendRule;
  windows: (DayWindow | null)[];
  registeredAt: Date;
  now: Date;
}): Date {
  const event = ruleEvent(rule);
  switch (event) {
    case 'registration':
      return registeredAt;
    case 'pass-purchase':
    case 'access-request':
    case 'payment':
    case 'refund':
      return now;
    case null: {
      const schedule = messageSchedule(rule, windows);
      const due = schedule ? dueWindowFor(schedule, registeredAt) : null;
      // A day without a timer never sends; the preview shows it at "now" with the reason.
      return due ? new Date(due.dueAt) : now;
    }
  }
}

/**
 * When the preview's sample registrant registers: now, unless the message goes at a fixed time
 * already past (a live edition's day), when the sample registered just in time for it.
 */
export function sampleRegistrationTime({ rule, windows, now }: { rule: SendRule; windows: (DayWindow | null)[]; now: Date }): Date {
  const schedule = messageSchedule(rule, windows);
  if (schedule?.kind === 'fixed' && schedule.dueAt < now.getTime()) return new Date(schedule.dueAt);
  return now;
}

/** "in 12 hours", "3 days ago", "now": a moment as the admin reads it beside the preview. */
export function relativeMoment(moment: Date, now: Date): string {
  const difference = moment.getTime() - now.getTime();
  if (Math.abs(difference) < 60_000) return 'now';
  return difference > 0 ? `in ${formatDuration(difference)}` : `${formatDuration(-difference)} ago`;
}
