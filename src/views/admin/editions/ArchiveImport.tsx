/**
 * Importing an edition archive (.zip with its audio, from “Export with audio”) in two steps: the
 * file goes to /admin/editions/archive, which streams it to disk however large it is, and comes
 * back here to be imported with the ordinary form, under the file's slug or another.
 */
import { Field, fieldId } from '../../../components/form/Field.tsx';
import { FileField } from '../../../components/form/FileField.tsx';
import { CARD, INPUT, PRIMARY_BUTTON } from '../../../components/form/styles.ts';
import { editionsActions } from '../../../domain/admin-actions.ts';

export type ArchiveProblem = 'too-large' | 'no-file' | 'bad-request' | 'gone';

const PROBLEM_TEXT: Record<ArchiveProblem, string> = {
  'too-large': 'The archive is larger than this site accepts (EDITION_ARCHIVE_LIMIT_MB). Nothing was kept.',
  'no-file': 'Choose an edition archive (.zip) to upload.',
  'bad-request': 'The upload could not be read. Please try again.',
  gone: 'That archive is no longer here (archives are kept for a day). Upload it again.',
};

/** The optional "Import as" slug of both import forms. */
export function ImportAsField({ idPrefix }: { idPrefix: string }) {
  return (
    <Field
      name="slug"
      id={fieldId(`${idPrefix}-slug`)}
      label="Import as slug (optional)"
      help="Leave empty to use the file’s slug; a new slug makes a copy beside the edition it came from."
      adminField={false}
    >
      {(control) => <input {...control} type="text" className={INPUT} />}
    </Field>
  );
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export function ArchiveImport({
  archive,
  problem,
}: {
  archive?: { id: string; sizeBytes: number } | undefined;
  problem?: ArchiveProblem | undefined;
}) {
  return (
    <section aria-labelledby="import-archive-heading" className={CARD}>
      <h2 id="import-archive-heading" className="text-xl font-semibold">
        Import an edition with its audio (.zip)
      </h2>
      <p className="mt-1 text-sm text-muted">
        A file exported with “Export with audio”: the edition’s data, people, episodes with their audio files and its e-mails. Episodes
        already in the edition are updated in place, so podcast apps show no duplicates; e-mails already sent are not sent again.
      </p>
      {problem ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {PROBLEM_TEXT[problem]}
        </p>
      ) : null}
      {archive ? (
        <form method="post" action="/admin/editions" className="mt-4 flex flex-wrap items-end gap-4" data-staged-archive={archive.id}>
          <p className="w-full text-sm" role="status">
            Received an edition archive ({megabytes(archive.sizeBytes)}). Import it to create or replace the edition it holds.
          </p>
          <input type="hidden" name="archive" value={archive.id} />
          <ImportAsField idPrefix="archive" />
          <button type="submit" name="action" value={editionsActions.enum['import-archive']} className={PRIMARY_BUTTON}>
            Import the archive
          </button>
          <button type="submit" name="action" value={editionsActions.enum['discard-archive']} className="text-sm underline">
            Discard it
          </button>
        </form>
      ) : (
        <form method="post" action="/admin/editions/archive" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-4">
          <FileField
            name="archive"
            id="field-import-archive"
            label="Edition archive (.zip)"
            required
            markRequired={false}
            adminField={false}
            accept=".zip,application/zip"
          />
          <button type="submit" className={PRIMARY_BUTTON}>
            Upload
          </button>
        </form>
      )}
    </section>
  );
}
