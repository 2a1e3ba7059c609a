/**
 * A timed page opened after its window closed (docs/PRODUCT.md "Access windows and the
 * countdown"): the countdown's expired banner as the open page shows it when its time runs out,
 * and none of the page's content; the countdown script (src/scripts/countdown.ts) moves on after
 * the same delay, a link does at once, and without JavaScript the page refreshes to it
 * (src/layouts/WindowOver.astro).
 */
import { expiredMessage, REDIRECT_DELAY_MS } from '../domain/countdown.ts';

interface WindowOverPageProps {
  mode: 'evergreen' | 'live';
  /** "Day 2", "Dashboard". */
  pageLabel: string;
  /** Where the page goes on to (a same-origin path). */
  location: string;
  /** The server's now, in ms: the countdown script counts from it (already past its end). */
  serverNow: number;
}

export function WindowOverPage({ mode, pageLabel, location, serverNow }: WindowOverPageProps) {
  const message = expiredMessage(mode, pageLabel);
  return (
    <main>
      <section
        aria-label={message}
        data-countdown
        data-state="expired"
        data-deadline={serverNow}
        data-server-now={serverNow}
        data-mode={mode}
        data-phase={mode === 'live' ? 'until-end' : 'evergreen'}
        data-redirect={location}
        data-redirect-delay={REDIRECT_DELAY_MS[mode]}
        className="bg-brand-primary-strong px-6 py-8 text-center text-white"
      >
        <p data-expired role="status" className="text-lg font-semibold">
          {message}
        </p>
        <p className="mt-3 text-sm">
          <a href={location} className="font-semibold underline underline-offset-2">
            Continue now
          </a>
        </p>
      </section>
    </main>
  );
}
