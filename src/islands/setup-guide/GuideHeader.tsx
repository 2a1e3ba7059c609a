import { focusRing } from './focus-ring.ts';

/** The title, what the guide is for, the setup tools and the providers' dashboards. */
export function GuideHeader() {
  return (
    <header>
      <p className="text-sm font-semibold tracking-wide text-brand-primary-strong uppercase">For summit hosts</p>
      <h1 className="mt-2 font-serif text-4xl font-bold text-ink sm:text-5xl">Setup Guide</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">
        Take your own copy of this summit site from <code className="font-mono text-ink">npm install</code> to launch day in five phases.
        Open an item for its steps, AI prompts to paste into your assistant, troubleshooting and how to check it worked, then mark it
        complete. Your progress is saved in this browser.
      </p>
      <nav aria-label="Setup tools" className="mt-6 flex flex-wrap gap-3">
        <a
          href="/brand-config"
          className={`inline-flex items-center rounded-full bg-brand-primary-strong px-5 py-2.5 font-semibold text-white shadow-sm transition hover:brightness-90 ${focusRing}`}
        >
          Brand configuration
        </a>
        <a
          href="/admin"
          className={`inline-flex items-center rounded-full bg-white px-5 py-2.5 font-semibold text-brand-primary-strong ring-1 ring-brand-primary-strong/40 transition hover:bg-brand-primary/5 ${focusRing}`}
        >
          Admin
        </a>
        <a
          href="/embed"
          className={`inline-flex items-center rounded-full bg-white px-5 py-2.5 font-semibold text-brand-primary-strong ring-1 ring-brand-primary-strong/40 transition hover:bg-brand-primary/5 ${focusRing}`}
        >
          Partner embeds
        </a>
      </nav>
      <div className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-ink/10">
        <p id="setup-external-dashboards" className="font-semibold text-ink">
          You will also use these dashboards of your own providers
        </p>
        <ul aria-labelledby="setup-external-dashboards" className="mt-2 list-disc space-y-1 pl-5 text-muted">
          <li>
            Your mail provider’s dashboard: SMTP credentials for <code className="font-mono text-ink">SMTP_URL</code> and the SPF and DKIM
            records of your sending domain.
          </li>
          <li>Your domain’s DNS dashboard: point your domain at your server.</li>
          <li>
            Your hosting provider’s dashboard: the server or containers, the HTTPS proxy or load balancer and its health check on{' '}
            <code className="font-mono text-ink">/healthz</code>.
          </li>
          <li>
            Your Postgres provider’s console, if you use Postgres: the <code className="font-mono text-ink">DATABASE_URL</code> and its
            backups.
          </li>
        </ul>
      </div>
    </header>
  );
}
