/** The top of every timed page: the countdown, the session-error notice, or nothing when untimed. */
import type { PageAccess } from '../domain/timer.ts';
import { Countdown } from './Countdown.tsx';
import { SessionErrorNotice } from './SessionErrorNotice.tsx';

interface TimedPageBannerProps {
  access: Exclude<PageAccess, { kind: 'closed' }>;
  now: number;
  dayLabel: string;
  returnTo: string;
}

export function TimedPageBanner({ access, now, dayLabel, returnTo }: TimedPageBannerProps) {
  if (access.kind === 'open') {
    const { timer } = access;
    return <Countdown deadline={timer.deadline} now={now} mode={timer.mode} phase={timer.phase} dayLabel={dayLabel} redirectTo={access.redirectTo} />;
  }
  if (access.kind === 'session-error') return <SessionErrorNotice returnTo={returnTo} />;
  return null;
}
