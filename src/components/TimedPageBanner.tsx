/** The top of every timed page: the countdown, the session-error notice, or nothing when untimed. */
import { countdownFields, deadlineFields, type CountdownFields } from '../domain/countdown.ts';
import type { PageAccess } from '../domain/timer.ts';
import { Countdown } from './Countdown.tsx';
import { SessionErrorNotice } from './SessionErrorNotice.tsx';

interface TimedPageBannerProps {
  access: Exclude<PageAccess, { kind: 'closed' }>;
  now: number;
  dayLabel: string;
  returnTo: string;
  /** The reader's zone (readerTimeZone): the deadline's sentence names its time in it. */
  timeZone: string;
  /**
   * The countdown's values as given, instead of from `now`: a cached page renders its banner once
   * with field markers and fills them per request (src/server/page-loaders/cached-personal-pages.ts).
   */
  fields?: CountdownFields;
}

export function TimedPageBanner({ access, now, dayLabel, returnTo, timeZone, fields }: TimedPageBannerProps) {
  if (access.kind === 'open') {
    const { timer } = access;
    const values = fields ?? countdownFields(timer.deadline, now, deadlineFields(timer.deadline, timeZone));
    return <Countdown fields={values} mode={timer.mode} phase={timer.phase} dayLabel={dayLabel} redirectTo={access.redirectTo} />;
  }
  if (access.kind === 'session-error') return <SessionErrorNotice returnTo={returnTo} />;
  return null;
}
