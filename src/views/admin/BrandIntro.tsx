/**
 * The top of /admin/brand: what the screen does. Which configuration the site uses now is the
 * brand island's (components/AppliedBrandStatus.tsx), so applying updates it in place.
 */
export function BrandIntro() {
  return (
    <>
      <div className="max-w-3xl space-y-3 text-muted">
        <p>
          {"Set the summit's name, colours, logo, host and links, then choose "}
          <strong className="text-ink">Apply to this site</strong>
          {
            ". Every page uses the applied brand from its next visit: no rebuild and no restart. Fields left empty show the site's defaults, but an empty tagline shows none."
          }
        </p>
        <p>
          This screen is this site’s brand. When each day opens and closes is set by each edition’s day windows, under{' '}
          <a className="text-brand-primary-strong underline underline-offset-4" href="/admin/editions">
            Editions
          </a>
          .
        </p>
        <p data-copy-of-the-site="">
          Branding a downloadable copy of the site’s code instead? Its configurator, with the timer settings and the AI prompts that apply a
          brand to the code, is{' '}
          <a className="text-brand-primary-strong underline underline-offset-4" href="/brand-config">
            Brand configuration for a copy of the site
          </a>
          .
        </p>
        <p>
          Download Configuration keeps a copy as a file; Import Configuration loads one back into the form (it applies nothing until you
          apply it).
        </p>
      </div>
    </>
  );
}
