/**
 * /admin/editions: every edition with its tools and which one the home page shows ("Show on the
 * home page"), the link to "New edition", a form that duplicates an edition into a new slug (with
 * the review of what it would carry over), and the whole-edition imports (JSON, and the archive
 * with its audio).
 */
import { Field, FieldMessages, fieldId } from '../../components/form/Field.tsx';
import { FileField } from '../../components/form/FileField.tsx';
import { SelectField } from '../../components/form/Select.tsx';
import { editionOptions } from './editions/edition-options.ts';
import { CARD, INPUT, LINK, PRIMARY_BUTTON, SMALL_PRIMARY_BUTTON } from '../../components/form/styles.ts';
import type { DuplicateValues, EditionFormErrors, EditionSummary } from '../../domain/edition-form.ts';
import { Notice, ProblemList } from './editions/notices.tsx';
import { AdminTable } from './AdminTable.tsx';
import { DuplicateReview } from './editions/DuplicateReview.tsx';
import type { ReviewFinding } from '../../domain/duplicate-review.ts';
import { ArchiveImport, ImportAsField, type ArchiveProblem } from './editions/ArchiveImport.tsx';
import { editionsActions } from '../../domain/admin-actions.ts';

interface EditionsViewProps {
  editions: EditionSummary[];
  message?: string | undefined;
  importProblems?: string[] | undefined;
  duplicate: { values: DuplicateValues; errors: EditionFormErrors; review?: ReviewFinding[] | undefined };
  archive?: { id: string; sizeBytes: number } | undefined;
  archiveProblem?: ArchiveProblem | undefined;
}

function DuplicateField({
  name,
  label,
  value,
  messages,
  help,
}: {
  name: string;
  label: string;
  value: string;
  messages?: string[] | undefined;
  help?: string;
}) {
  return (
    <Field
      name={name}
      id={fieldId(`duplicate-${name}`)}
      label={label}
      required
      help={help}
      messages={messages}
      markRequired={false}
      adminField={false}
    >
      {(control) => <input {...control} type="text" defaultValue={value} className={INPUT} />}
    </Field>
  );
}

/** The home page's edition says so; every other one offers to take its place. */
function HomePageCell({ edition }: { edition: EditionSummary }) {
  if (edition.onHomePage) return <span className="font-medium">Shown on the home page</span>;
  return (
    <form method="post">
      <input type="hidden" name="action" value={editionsActions.enum['show-on-home']} />
      <input type="hidden" name="slug" value={edition.slug} />
      <button type="submit" aria-describedby={`edition-name-${edition.slug}`} className={SMALL_PRIMARY_BUTTON}>
        Show on the home page
      </button>
    </form>
  );
}

/** What an edition can be downloaded as, beside its row. */
const EDITION_FILES = [
  { file: 'export.json', label: 'Export JSON' },
  { file: 'export.zip', label: 'Export with audio' },
  { file: 'speakers.csv', label: 'Speakers CSV' },
];

/** Every edition with links to edit it and to export it. */
function EditionsTable({ editions }: Pick<EditionsViewProps, 'editions'>) {
  return (
    <>
      <AdminTable columns={['Edition', 'Slug', 'Summit dates', 'Speakers', 'Registrants', 'Home page', 'Tools']}>
        {editions.map((edition) => (
          <tr key={edition.slug} data-admin-edition={edition.slug} className="border-t border-ink/10">
            <td id={`edition-name-${edition.slug}`} className="px-4 py-3 font-medium">
              <a className={LINK} href={`/admin/editions/${edition.slug}`}>
                {edition.name}
              </a>
            </td>
            <td className="px-4 py-3 font-mono">{edition.slug}</td>
            <td className="px-4 py-3">
              {edition.summitStartDate} – {edition.summitEndDate}
            </td>
            <td className="px-4 py-3">{edition.speakers}</td>
            <td className="px-4 py-3">{edition.registrants}</td>
            <td className="px-4 py-3">
              <HomePageCell edition={edition} />
            </td>
            <td className="px-4 py-3">
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                <li>
                  <a className={LINK} href={`/admin/editions/${edition.slug}`}>
                    Edit<span className="sr-only"> {edition.name}</span>
                  </a>
                </li>
                {EDITION_FILES.map(({ file, label }) => (
                  <li key={file}>
                    <a className={LINK} href={`/admin/editions/${edition.slug}/${file}`} download>
                      {label}
                      <span className="sr-only"> of {edition.name}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </AdminTable>
      {editions.length === 0 ? (
        <p className="text-muted">There are no editions yet. Start one with “New edition”, or import one below.</p>
      ) : null}
    </>
  );
}

/** Copies an edition into a new slug and name. */
function DuplicateForm({ editions, duplicate }: Pick<EditionsViewProps, 'editions' | 'duplicate'>) {
  const sourceId = fieldId('duplicate-source');
  return (
    <section aria-labelledby="duplicate-heading" className={CARD}>
      <h2 id="duplicate-heading" className="text-xl font-semibold">
        Duplicate an edition
      </h2>
      <p className="mt-1 text-sm text-muted">
        Copies the edition’s settings, timers, days, speakers, hosts, implementation sessions and bonus bundle into a new edition, and its
        episodes when you tick the box. Registrants are not copied. Before saving, it lists the dates already past and the texts naming
        another edition that the copy would carry over. To start from nothing of another edition, use “New edition”.
      </p>
      <form method="post" noValidate className="mt-4 grid gap-4 md:grid-cols-3">
        <input type="hidden" name="action" value={editionsActions.enum.duplicate} />
        {duplicate.errors['']?.length ? (
          <div className="md:col-span-3">
            <FieldMessages fieldId="duplicate-form" messages={duplicate.errors['']} />
          </div>
        ) : null}
        <SelectField
          name="source"
          id={sourceId}
          label="Copy from"
          messages={duplicate.errors.source}
          adminField={false}
          defaultValue={duplicate.values.source}
          options={editionOptions(editions)}
        />
        <DuplicateField
          name="slug"
          label="New slug"
          value={duplicate.values.slug}
          messages={duplicate.errors.slug}
          help="Lowercase letters, digits and dashes; the edition’s pages live under /{slug}/."
        />
        <DuplicateField name="name" label="New name" value={duplicate.values.name} messages={duplicate.errors.name} />
        <div className="md:col-span-3">
          <Field
            name="copyEpisodes"
            id={fieldId('duplicate-copy-episodes')}
            label="Also copy its episodes"
            help="Each audio file is copied, so deleting either edition never takes the other’s audio."
            messages={duplicate.errors.copyEpisodes}
            adminField={false}
            checkbox={(control) => <input {...control} type="checkbox" defaultChecked={duplicate.values.copyEpisodes === true} />}
          />
        </div>
        <div className="md:col-span-3">
          <button type="submit" className={PRIMARY_BUTTON}>
            Duplicate
          </button>
        </div>
      </form>
    </section>
  );
}

/** Imports a whole edition from its JSON file. */
function ImportForm({ importProblems }: Pick<EditionsViewProps, 'importProblems'>) {
  return (
    <section aria-labelledby="import-heading" className={CARD}>
      <h2 id="import-heading" className="text-xl font-semibold">
        Import an edition (JSON)
      </h2>
      <p className="mt-1 text-sm text-muted">
        A file exported with “Export JSON”. When an edition with the file’s slug exists, its data, timers, days, people, episodes and
        e-mails are replaced by the file’s (its registrants and visitor sessions are kept); otherwise a new edition is created. Episodes
        whose audio is a file need that file on this site: to move an edition to another site, use “Export with audio”. If anything in the
        file is wrong, nothing changes.
      </p>
      <form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-4">
        <input type="hidden" name="action" value={editionsActions.enum.import} />
        {/* Its problems are listed apart from the form (import-problems), so they describe it from there. */}
        <FileField
          name="document"
          id="field-import-document"
          label="Edition file (.json, at most 3 MB)"
          required
          markRequired={false}
          adminField={false}
          accept=".json,application/json"
          describedBy={importProblems?.length ? 'import-problems' : undefined}
        />
        <ImportAsField idPrefix="import" />
        <button type="submit" className={PRIMARY_BUTTON}>
          Import
        </button>
      </form>
    </section>
  );
}

export function EditionsView({ editions, message, importProblems, duplicate, archive, archiveProblem }: EditionsViewProps) {
  return (
    <div className="space-y-8">
      <Notice message={message} />
      <ProblemList
        id="import-problems"
        title="Nothing was imported. Correct these problems in the file and import it again:"
        problems={importProblems}
      />

      <p>
        <a href="/admin/editions/new" className={`inline-block ${PRIMARY_BUTTON}`}>
          New edition
        </a>
      </p>

      <EditionsTable editions={editions} />

      {duplicate.review?.length ? (
        <DuplicateReview values={duplicate.values} findings={duplicate.review} editions={editions} />
      ) : (
        <DuplicateForm editions={editions} duplicate={duplicate} />
      )}

      <ImportForm importProblems={importProblems} />

      <ArchiveImport archive={archive} problem={archiveProblem} />
    </div>
  );
}
