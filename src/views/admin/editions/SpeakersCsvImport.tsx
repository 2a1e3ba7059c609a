import { FileField } from '../../../components/form/FileField.tsx';
import { CARD, LINK, PRIMARY_BUTTON } from '../../../components/form/styles.ts';
import { Notice, ProblemList } from './notices.tsx';
import type { EditionViewProps } from './edition-view-props.ts';
import { editionActions } from '../../../domain/admin-actions.ts';

/** The speakers CSV import: replace the speakers or add to them; nothing is imported if a row is wrong. */
export function SpeakersCsvImport({ slug, csv }: Pick<EditionViewProps, 'slug' | 'csv'>) {
  return (
    <section aria-labelledby="csv-heading" className={`${CARD} space-y-4`}>
      <h2 id="csv-heading" className="text-xl font-semibold">
        Import speakers (CSV)
      </h2>
      <p className="text-sm text-muted">
        One speaker per row, with the columns of the{' '}
        <a className={LINK} href={`/admin/editions/${slug}/speakers.csv`}>
          speakers export
        </a>
        . implementationWeek takes true/false, yes/no or 1/0 (empty is false); day is 1, 2 or 3; leave the four freebie columns empty for no
        free gift. At most 2,000 rows and 2 MB. If any row is wrong, nothing is imported.
      </p>
      <Notice message={csv.message} />
      <ProblemList
        id="csv-problems"
        title="Nothing was imported. Correct these rows in the file and import it again:"
        problems={csv.problems}
      />
      <form method="post" encType="multipart/form-data" className="space-y-4">
        <input type="hidden" name="action" value={editionActions.enum['import-speakers']} />
        {/* Its problems are listed above the form (csv-problems), so they describe it from there. */}
        <FileField
          name="file"
          id="field-speakers-file"
          label="Speakers file (.csv)"
          required
          markRequired={false}
          adminField={false}
          accept=".csv,text/csv"
          describedBy={csv.problems?.length ? 'csv-problems' : undefined}
        />
        <fieldset>
          <legend className="font-medium">The file’s speakers</legend>
          <label className="mt-1 flex items-center gap-2">
            <input type="radio" name="mode" value="replace" defaultChecked={csv.mode === 'replace'} className="size-4" />
            Replace all speakers
          </label>
          <label className="mt-1 flex items-center gap-2">
            <input type="radio" name="mode" value="add" defaultChecked={csv.mode === 'add'} className="size-4" />
            Add to the speakers
          </label>
        </fieldset>
        <button type="submit" className={PRIMARY_BUTTON}>
          Import speakers
        </button>
      </form>
    </section>
  );
}
