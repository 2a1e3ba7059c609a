/** Shown once every item is complete. */
export function CompletionCard({ total }: { total: number }) {
  return (
    <section
      data-completion-card=""
      aria-labelledby="setup-complete-heading"
      className="mt-8 rounded-3xl bg-brand-primary-strong p-8 text-white shadow-lg"
    >
      <h2 id="setup-complete-heading" className="font-serif text-3xl font-bold">
        Your summit is ready!
      </h2>
      <p className="mt-3 max-w-2xl text-white">
        All {total} items are complete: your site runs on your own domain with your brand, your content and your admin. Share the
        registration page and the partner embeds, and watch registrations arrive in the admin.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a
          href="/"
          className="inline-flex items-center rounded-full bg-white px-5 py-2.5 font-semibold text-brand-primary-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          View your site
        </a>
        <a
          href="/admin"
          className="inline-flex items-center rounded-full px-5 py-2.5 font-semibold text-white ring-1 ring-white/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Open the admin
        </a>
      </div>
    </section>
  );
}
