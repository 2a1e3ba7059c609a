/**
 * When a message goes to one registrant, for the admin's preview (issue 26, item 7): the preview
 * renders the message at that moment, so {{time_left}} and {{deadline}} read as in the e-mail
 * that is sent, not as at the moment the admin looks.
 */
import { dueWindowFor, formatDuration, messageSchedule, type DayWindow, type SendRule } from './send-rules.ts';

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
  if (rule.kind === 'registration') return registeredAt;
  const schedule = messageSchedule(rule, windows);
  if (!schedule || schedule.kind === 'event') return now;
  return new Date((dueWindowFor(schedule, registeredAt) as { dueAt: number }).dueAt);
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
