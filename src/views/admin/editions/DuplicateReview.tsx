/**
 * The review step of Duplicate (decision 0031): before the copy is saved, every date already past
 * and every text naming another edition that it would carry over, and the host's choice to save
 * it anyway (to correct on the new edition's screen) or to go back.
 */
import { CARD, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/form/styles.ts';
import type { ReviewFinding } from '../../../domain/duplicate-review.ts';
import type { DuplicateValues, EditionSummary } from '../../../domain/edition-form.ts';
import { plural } from '../../../domain/wording.ts';
import { editionsActions } from '../../../domain/admin-actions.ts';

function FindingList({ id, title, findings }: { id: string; title: string; findings: ReviewFinding[] }) {
  if (!findings.length) return null;
  return (
    <section aria-labelledby={id} className="mt-6">
      <h3 id={id} className="font-semibold">
        {title} ({findings.length})
      </h3>
      <ul className="mt-2 space-y-2 text-sm" data-review-findings={id}>
        {findings.map((finding, index) => (
          <li key={index} className="rounded-xl bg-surface px-3 py-2">
            <span className="font-medium">{finding.where}</span>: <mark className="bg-yellow-100">{finding.found}</mark>
            <span className="block text-muted">{finding.excerpt}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DuplicateReview({
  values,
  findings,
  editions,
}: {
  values: DuplicateValues;
  findings: ReviewFinding[];
  editions: EditionSummary[];
}) {
  const source = editions.find((edition) => edition.slug === values.source);
  return (
    <section aria-labelledby="duplicate-review-heading" className={CARD} data-duplicate-review="">
      <h2 id="duplicate-review-heading" className="text-xl font-semibold">
        Review before duplicating
      </h2>
      <p className="mt-1 text-sm" role="status">
        Nothing is saved yet. Copying {source ? `${source.name} (${source.slug})` : values.source} as {values.name} ({values.slug}) would
        carry over what is listed below ({plural(findings.length, 'item')}), probably wrong for the new edition. Duplicate anyway and
        correct them on its screen, or go back.
      </p>
      <FindingList id="review-past-dates" title="Dates already past" findings={findings.filter((f) => f.kind === 'past-date')} />
      <FindingList
        id="review-other-editions"
        title="Texts naming another edition"
        findings={findings.filter((f) => f.kind === 'names-edition')}
      />
      <form method="post" className="mt-6 flex flex-wrap items-center gap-4">
        <input type="hidden" name="action" value={editionsActions.enum.duplicate} />
        <input type="hidden" name="source" value={values.source} />
        <input type="hidden" name="slug" value={values.slug} />
        <input type="hidden" name="name" value={values.name} />
        {values.copyEpisodes ? <input type="hidden" name="copyEpisodes" value="on" /> : null}
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className={PRIMARY_BUTTON}>
          Duplicate anyway
        </button>
        <a href="/admin/editions" className={SECONDARY_BUTTON}>
          Back to the editions
        </a>
      </form>
    </section>
  );
}
