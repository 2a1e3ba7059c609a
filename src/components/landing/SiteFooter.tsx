/** The landing footer (SPEC.md section 2), plus links for would-be summit hosts. */
export function SiteFooter() {
  return (
    <footer className="bg-gradient-to-br from-brand-primary/15 to-brand-secondary/10 px-6 pt-16 pb-28 text-center">
      <div className="mx-auto max-w-3xl">
        <h2 className="font-serif text-3xl font-bold text-ink">Ready to align your business with your soul?</h2>
        <p className="mt-3 text-lg text-muted">Join us for three days of sacred business conversations.</p>
        <p className="mt-10 text-sm text-muted">
          Host your own summit:{' '}
          <a href="/setup-guide" className="font-medium text-ink underline underline-offset-4 hover:no-underline">
            Setup guide
          </a>{' '}
          ·{' '}
          <a href="/brand-config" className="font-medium text-ink underline underline-offset-4 hover:no-underline">
            Brand configuration
          </a>
        </p>
        <p className="mt-4 text-sm text-muted">© 2025 The Sacred Business Audio Summit. All rights reserved.</p>
      </div>
    </footer>
  );
}
