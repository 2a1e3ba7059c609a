/**
 * "Listen in your podcast app" (decision 0020): one-tap subscribe buttons for Apple
 * Podcasts, Overcast and Pocket Casts, the feed URL with a copy button, and on wide screens
 * (a desktop) a QR code to open the feed on a phone. The copy button is the few lines of
 * src/scripts/copy-buttons.ts; the QR code is server-drawn SVG, so nothing here needs React
 * in the browser. Without JavaScript the URL is still there to select.
 */
import type { SubscribeOptions } from '../domain/podcast/subscribe.ts';
import { CopyToast } from './CopyToast.tsx';

export type SubscribePanelProps = SubscribeOptions;

const BUTTON =
  'inline-flex items-center justify-center rounded-full bg-brand-primary-strong px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary';

/** Quieter than the app buttons: an outline beside the feed URL. */
const COPY_BUTTON = 'rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-ink/20 hover:bg-surface';

export function SubscribePanel({ feedUrl, links, qrSvg }: SubscribePanelProps) {
  return (
    <section
      aria-labelledby="subscribe-heading"
      data-subscribe-panel=""
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-brand-primary/15 sm:p-8"
    >
      <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0 flex-1">
          <h2 id="subscribe-heading" className="font-serif text-2xl font-bold text-ink">
            Listen in your podcast app
          </h2>
          <p className="mt-2 text-muted">
            Your private feed: each day’s episodes arrive in your app as the day opens for you. It is yours alone, so please keep it to
            yourself.
          </p>
          <ul className="mt-4 flex flex-wrap gap-3">
            {links.map((link) => (
              <li key={link.app}>
                <a className={BUTTON} href={link.href} data-subscribe-app={link.app}>
                  {link.app}
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-5 text-sm font-semibold text-ink">Another app? Add a show by URL:</p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <code id="feed-url" data-feed-url="" className="min-w-0 rounded-lg bg-surface px-3 py-2 text-sm break-all text-ink">
              {feedUrl}
            </code>
            <button type="button" data-copy-from="feed-url" className={COPY_BUTTON}>
              Copy the URL
            </button>
          </div>
        </div>
        <figure className="hidden shrink-0 text-center md:block" data-feed-qr="">
          {/* Not SafeHtml (no content passes through it): the qrcode package's own <svg>, drawn on the server from the feed URL alone. */}
          <div className="size-40 [&_svg]:size-full" dangerouslySetInnerHTML={{ __html: qrSvg }} />
          <figcaption className="mt-2 text-xs text-muted">Scan with your phone’s camera</figcaption>
        </figure>
      </div>
      <CopyToast />
    </section>
  );
}
