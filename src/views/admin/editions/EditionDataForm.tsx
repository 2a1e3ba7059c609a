/** The edition's data form: identity and dates, access mode, day windows, settings and days. */
import { CARD } from '../../../components/form/styles.ts';
import { DAY_FIELDS, DAY_NUMBERS, editionFieldNames, type DayField } from '../../../domain/edition-form.ts';
import { AccessModeField } from './AccessModeField.tsx';
import { EditionField, Fieldset, SubmitOrBack } from './EditionField.tsx';
import { DayWindowFields } from './DayWindowFields.tsx';
import { SettingsFields } from './SettingsFields.tsx';
import { TimeZoneField } from './TimeZoneField.tsx';
import type { EditionViewProps } from './edition-view-props.ts';
import { editionActions } from '../../../domain/admin-actions.ts';

const PREVIEW_BUTTON = 'font-semibold text-brand-primary-strong underline underline-offset-4';

/** How each of a day's fields (src/domain/edition-form.ts) is shown. */
const DAY_FIELD_INPUTS: Record<DayField, { label: string; type: 'text' | 'textarea'; required?: boolean; help?: string }> = {
  title: { label: 'Title', type: 'text', required: true },
  subtitle: {
    label: 'Subtitle',
    type: 'text',
    help: 'What the day plays is its episodes (uploads or an external player), on the episodes screen.',
  },
  playerLength: {
    label: 'Length shown without audio',
    type: 'text',
    help: 'While the day has no episodes, its placeholder player shows this length (h:mm:ss); empty shows 45:30.',
  },
};

type FormProps = Pick<EditionViewProps, 'slug' | 'values' | 'errors' | 'timeZones'>;
type DataFormProps = FormProps & Pick<EditionViewProps, 'passNames' | 'demo'>;

/** What could not be saved: the form's own messages, and how many fields are marked below. */
function FormErrorSummary({ errors }: Pick<FormProps, 'errors'>) {
  const fieldCount = Object.keys(errors).filter((key) => key !== '').length;
  return fieldCount || errors['']?.length ? (
    <div role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {errors['']?.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {fieldCount ? (
        <p>Nothing was saved. Please correct {fieldCount === 1 ? 'the field' : `the ${fieldCount} fields`} marked below.</p>
      ) : null}
    </div>
  ) : null;
}

/** The edition's name, place in lists, dates, time zone and access mode. */
function IdentityFields({ slug, values, errors, timeZones }: FormProps) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <p className="text-sm md:col-span-2">
        Slug: <span className="font-mono">{slug}</span>{' '}
        <span className="text-muted">(the edition’s pages live under /{slug}/; duplicate the edition to use another slug)</span>
      </p>
      <EditionField name="name" label="Name" values={values} errors={errors} required />
      <EditionField
        name="position"
        label="Position in lists"
        type="number"
        values={values}
        errors={errors}
        required
        help="Editions are listed by position, lowest first."
      />
      <EditionField name="summitStartDate" label="Summit starts" type="date" values={values} errors={errors} required />
      <EditionField name="summitEndDate" label="Summit ends" type="date" values={values} errors={errors} required />
      <TimeZoneField
        name="timezone"
        label="Time zone"
        value={values.timezone ?? ''}
        timeZones={timeZones}
        help="The summit days and live day windows follow this zone."
        messages={errors.timezone}
      />
      <div className="md:col-span-2">
        <AccessModeField label="Access mode" value={values.accessMode ?? 'open'} messages={errors.accessMode} />
      </div>
    </div>
  );
}

/** The edition's data: identity and dates, day windows, settings and days, saved at once. */
export function EditionDataForm({ slug, values, errors, timeZones, passNames, demo }: DataFormProps) {
  return (
    <form method="post" noValidate data-edition-form="" className={`${CARD} space-y-6`} aria-labelledby="edition-form-heading">
      <h2 id="edition-form-heading" className="text-xl font-semibold">
        Edition data
      </h2>
      <input type="hidden" name="action" value={editionActions.enum.save} />
      <FormErrorSummary errors={errors} />

      <IdentityFields slug={slug} values={values} errors={errors} timeZones={timeZones} />

      <DayWindowFields values={values} errors={errors} />

      <SettingsFields values={values} errors={errors} passNames={passNames} demo={demo} />

      {DAY_NUMBERS.map((day) => (
        <Fieldset key={day} legend={`Day ${day}`}>
          <div className="grid gap-4 md:grid-cols-2">
            {DAY_FIELDS.map((field) => (
              <div key={field} className={DAY_FIELD_INPUTS[field].type === 'textarea' ? 'md:col-span-2' : undefined}>
                <EditionField name={editionFieldNames.day(day, field)} values={values} errors={errors} {...DAY_FIELD_INPUTS[field]} />
              </div>
            ))}
          </div>
        </Fieldset>
      ))}

      <SubmitOrBack submitLabel="Save the edition" className="flex flex-wrap gap-3" />
      {/* The same form, posted to the preview in a new tab: the page with these words, nothing saved. */}
      <p className="flex flex-wrap gap-6">
        <button
          type="submit"
          formAction={`/admin/editions/${slug}/preview`}
          formTarget="_blank"
          data-preview-button="home"
          className={PREVIEW_BUTTON}
        >
          Preview the home page
        </button>
        <button
          type="submit"
          formAction={`/admin/editions/${slug}/preview?page=thank-you`}
          formTarget="_blank"
          data-preview-button="thank-you"
          className={PREVIEW_BUTTON}
        >
          Preview the thank-you page
        </button>
      </p>
    </form>
  );
}
