import { Field } from '../../../components/form/Field.tsx';
import { CARD, DANGER_BUTTON, INPUT } from '../../../components/form/styles.ts';
import type { EditionViewProps } from './edition-view-props.ts';
import { editionActions } from '../../../domain/admin-actions.ts';

/** Deleting the edition, confirmed by typing its slug; refused while it has registrants. */
export function DeleteEdition({ slug, name, registrants, deletion }: Pick<EditionViewProps, 'slug' | 'name' | 'registrants' | 'deletion'>) {
  return (
    <section aria-labelledby="delete-heading" className={`${CARD} space-y-4 ring-red-200`}>
      <h2 id="delete-heading" className="text-xl font-semibold">
        Delete this edition
      </h2>
      <p className="text-sm text-muted">
        Deletes {name} with its timers, days, speakers, hosts, sessions and bonus bundle, and its visitors’ access records. An edition with
        registrants cannot be deleted
        {registrants > 0 ? ` (${name} has ${registrants})` : ''}.
      </p>
      {deletion.message ? (
        <p role="alert" id="delete-problem" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {deletion.message}
        </p>
      ) : null}
      <form method="post" className="flex flex-wrap items-end gap-4">
        <input type="hidden" name="action" value={editionActions.enum.delete} />
        <Field
          name="confirm"
          id="field-delete-confirm"
          label={
            <>
              Type <span className="font-mono">{slug}</span> to confirm
            </>
          }
          adminField={false}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              defaultValue={deletion.confirmation}
              aria-describedby={deletion.message ? 'delete-problem' : undefined}
              className={INPUT}
            />
          )}
        </Field>
        <button type="submit" className={DANGER_BUTTON}>
          Delete the edition
        </button>
      </form>
    </section>
  );
}
