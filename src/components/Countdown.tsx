/**
 * The countdown banner. The server renders the remaining time at render; src/scripts/countdown.ts
 * then ticks it every second and, at zero, shows the expired text and redirects after 2 s
 * (evergreen) or 3 s (live). Before a live event's start (or a day's drip to a registrant),
 * reaching zero reloads the page, which then counts down to the end and plays. The server's own time is rendered too, so the script counts by
 * the server's clock even when the visitor's clock is off.
 *
 * Accessible (decision 0039): the ticking digits are hidden from screen readers, which hear a polite
 * live region only at a few moments near the end (domain/countdown.ts countdownAnnouncement);
 * a sentence says in words when the time limit is and what happens then (WCAG 2.2.1), its time
 * in the reader's zone (a signed-in registrant's own where known, else the edition's), the zone named; a button hides the ticking digits,
 * remembered in this browser (WCAG 2.2.2).
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

/** The time limit in words (WCAG 2.2.1): when (a <time>, in the reader's zone as the server picks it: readerTimeZone, named), and what happens then. */
function TimeLimit({ fields, mode, phase, dayLabel }: Pick<CountdownProps, 'fields' | 'mode' | 'phase' | 'dayLabel'>) {
  const when = (
    // In the zone the server rendered it in (a signed-in registrant's own, else the edition's, its name written), not
    // rewritten into the visitor's zone after load: the banner sits at the
    // top of the page, and a sentence that changes length after the first paint moves everything
    // under it (Lighthouse measured a layout shift of 0.10 on the day page when it was rewritten).
    <time dateTime={fields.deadlineIso}>{fields.deadlineText}</time>
  );
  if (phase === 'before-start') {
    const what = mode === 'evergreen' ? `${dayLabel} opens for you` : 'This event starts';
    return (
      <>
        {what} on {when}. This page then reloads by itself to play it.
      </>
    );
  }
  const what = phase === 'until-end' ? 'This event ends' : 'Your access to this page ends';
  return (
    <>
      {what} on {when}. After that, this page closes and takes you on to the next page by itself.
    </>
  );
}

export function Countdown({ fields, mode, phase, dayLabel, redirectTo }: CountdownProps) {
  const title = headline({ mode, phase, dayLabel });
  return (
    // A landmark of its own (labelled by what it counts to), so its text sits in one (axe: region).
    <section
      aria-label={title}
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
        <div data-ticking="">
          <p className="text-sm font-medium tracking-wide uppercase">{title}</p>
          {/* Hidden from screen readers: a number changing every second is noise to them (the live region below speaks instead). */}
          <div aria-hidden="true" className="mt-2 flex justify-center gap-3 font-mono text-2xl font-bold sm:text-3xl">
            {UNITS.map((unit) => (
              <span key={unit} className="flex flex-col items-center">
                <span data-unit={unit}>{fields[unit]}</span>
                <span className="font-sans text-xs font-normal tracking-wide uppercase opacity-90">{unit}</span>
              </span>
            ))}
          </div>
        </div>
        <p data-time-limit="" className="mx-auto mt-2 max-w-2xl text-sm">
          <TimeLimit fields={fields} mode={mode} phase={phase} dayLabel={dayLabel} />
        </p>
        <p data-countdown-announcer="" aria-live="polite" aria-atomic="true" className="sr-only"></p>
        {/* Shown by the script, which is what ticks (and so what hides): no script, nothing to hide.
            Invisible, not hidden, until then: its place is kept, so showing it moves nothing below. */}
        <button
          type="button"
          data-countdown-toggle=""
          className="invisible mt-2 rounded-full px-3 py-1 text-xs font-semibold underline underline-offset-2 ring-1 ring-white/60 hover:bg-white/10"
        >
          Hide the countdown
        </button>
      </div>
      <p data-expired hidden role="status" className="text-lg font-semibold">
        {expiredMessage(mode, dayLabel)}
      </p>
    </section>
  );
}
