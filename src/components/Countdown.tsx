/**
 * The countdown banner. The server renders the remaining time at render; src/scripts/countdown.ts
 * then ticks it every second and, at zero, shows the expired text and redirects after 2 s
 * (evergreen) or 3 s (live). Before a live event's start (or a day's drip to a registrant),
 * reaching zero reloads the page, which then counts down to the end and plays. The server's own time is rendered too, so the script counts by
 * the server's clock even when the visitor's clock is off.
 */
import { expiredMessage, REDIRECT_DELAY_MS, type CountdownFields } from '../domain/countdown.ts';

interface CountdownProps {
  /** The per-request values, as text: computed by countdownFields, or a cached page's field markers. */
  fields: CountdownFields;
  mode: 'evergreen' | 'live';
  phase: 'evergreen' | 'before-start' | 'until-end';
  dayLabel: string;
  redirectTo: string;
}

const HEADLINES = {
  evergreen: 'Your access to this page ends in',
  'before-start': 'This event starts in',
  'until-end': 'This event ends in',
} as const;

/** A live event's start, or (evergreen, before start) a day that drips to a registrant later: it opens for them. */
function headline({ mode, phase, dayLabel }: Pick<CountdownProps, 'mode' | 'phase' | 'dayLabel'>): string {
  return mode === 'evergreen' && phase === 'before-start' ? `${dayLabel} opens for you in` : HEADLINES[phase];
}

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

export function Countdown({ fields, mode, phase, dayLabel, redirectTo }: CountdownProps) {
  const title = headline({ mode, phase, dayLabel });
  return (
    <div
      data-countdown
      data-state="counting"
      data-deadline={fields.deadline}
      data-server-now={fields.serverNow}
      data-mode={mode}
      data-phase={phase}
      data-redirect={redirectTo}
      data-redirect-delay={REDIRECT_DELAY_MS[mode]}
      className="bg-brand-primary-strong px-6 py-4 text-center text-white"
    >
      <div data-counting>
        <p className="text-sm font-medium tracking-wide uppercase">{title}</p>
        <div role="timer" aria-label={title} className="mt-2 flex justify-center gap-3 font-mono text-2xl font-bold sm:text-3xl">
          {UNITS.map((unit) => (
            <span key={unit} className="flex flex-col items-center">
              <span data-unit={unit}>{fields[unit]}</span>
              <span className="font-sans text-xs font-normal tracking-wide uppercase opacity-90">{unit}</span>
            </span>
          ))}
        </div>
      </div>
      <p data-expired hidden role="status" className="text-lg font-semibold">
        {expiredMessage(mode, dayLabel)}
      </p>
    </div>
  );
}
