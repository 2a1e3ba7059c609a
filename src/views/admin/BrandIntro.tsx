/**
 * The top of /admin/brand: what the screen does. Which configuration the site uses now is the
 * brand island's (components/AppliedBrandStatus.tsx), so applying updates it in place.
 */
export function BrandIntro() {
  return (
    <>
      <div className="max-w-3xl space-y-3 text-muted">
        <p>
          {"Set the summit's name, colours, logo, host, links and timers, then choose "}
          <strong className="text-ink">Apply to this site</strong>
          {
            ". Every page uses the applied brand from its next visit: no rebuild and no restart. Fields left empty show the site's defaults."
          }
        </p>
        <p>
          Download Configuration keeps a copy as a file; Import Configuration loads one back into the form (it applies nothing until you
          apply it).
        </p>
      </div>
    </>
  );
}
