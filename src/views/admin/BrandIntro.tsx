/** The top of /admin/brand: what the screen does and which configuration the site uses now. */
import { formatUtcDateTime } from '../../domain/dates.ts';

export interface AppliedBrandSummary {
  id: number;
  createdAt: Date;
  /** The applied summit name, or "default name". */
  name: string;
  /** False when the stored configuration no longer passes the schema (the site shows its defaults). */
  valid: boolean;
}

export function BrandIntro({ applied }: { applied: AppliedBrandSummary | null }) {
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
      <p data-brand-status className="mt-4 rounded-xl bg-white px-4 py-3 text-sm ring-1 ring-ink/10">
        {applied ? (
          <>
            {`Active: configuration #${applied.id} (“${applied.name}”), applied `}
            <time dateTime={applied.createdAt.toISOString()}>{formatUtcDateTime(applied.createdAt)}</time>
            {' UTC.'}
            {applied.valid ? null : (
              <span className="block font-medium text-red-700">
                It no longer passes validation, so the site shows its defaults. Fix the fields marked below and apply it again.
              </span>
            )}
          </>
        ) : (
          'No brand has been applied yet: the site shows its default brand.'
        )}
      </p>
    </>
  );
}
