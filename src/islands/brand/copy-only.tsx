/**
 * On the admin's Brand screen, the parts of the configuration that do nothing to this site say so
 * (docs/PRODUCT.md "Brand configuration", decision 0057): the AI prompts and the timer settings
 * belong to the downloadable configuration, for a host who brands a copy of the site's code. This
 * site's timing is each edition's day windows. The public /brand-config shows none of this.
 */

/** Above the timer fields on /admin/brand. */
export function TimerCopyOnlyNote() {
  return (
    <p data-copy-only="timer" className="rounded-2xl bg-surface p-4 text-sm text-muted ring-1 ring-ink/10">
      <strong className="text-ink">For a copy of the site only.</strong> These timer settings go into the downloaded configuration and its
      AI prompts, for a host who builds their own copy of the site. They do not change this site: here, when each day opens and closes is
      set by the edition’s day windows, under{' '}
      <a className="text-brand-primary-strong underline underline-offset-4" href="/admin/editions">
        Editions
      </a>
      .
    </p>
  );
}

/** Under the AI prompts' heading on /admin/brand. */
export function PromptsCopyOnlyNote() {
  return (
    <p data-copy-only="prompts" className="mt-1 text-muted">
      <strong className="text-ink">For a copy of the site only.</strong> These prompts are part of the downloadable configuration: paste
      them into an AI assistant to brand your own copy of the site’s code. They change nothing on this site; “Apply to this site” below is
      what does.
    </p>
  );
}
