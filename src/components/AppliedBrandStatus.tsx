/**
 * Which brand configuration the site uses now (/admin/brand). Rendered by the brand island, so
 * "Apply to this site" updates it at once (it kept saying "No brand has been
 * applied yet" after a successful apply, until the page was loaded again).
 */
import { formatUtcDateTime } from '../domain/dates.ts';

export interface AppliedBrandSummary {
  id: number;
  /** ISO 8601 instant. */
  createdAt: string;
  /** The applied summit name, or "default name". */
  name: string;
  /** False when the stored configuration no longer passes the schema (the site shows its defaults). */
  valid: boolean;
}

export function AppliedBrandStatus({ applied }: { applied: AppliedBrandSummary | null }) {
  return (
    <p data-brand-status role="status" className="rounded-xl bg-white px-4 py-3 text-sm ring-1 ring-ink/10">
      {applied ? (
        <>
          {`Active: configuration #${applied.id} (“${applied.name}”), applied `}
          <time dateTime={applied.createdAt}>{formatUtcDateTime(applied.createdAt)}</time>
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
  );
}
