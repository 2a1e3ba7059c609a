/**
 * /admin/editions/new: a new edition from the host's own facts and the neutral template (no demo
 * people, dates, codes or offers). Every field says what is wrong with it, and keeps what was typed.
 */
import type { ReactNode } from 'react';
import { Field, FieldMessages } from '../../components/form/Field.tsx';
import { CARD, INPUT } from '../../components/form/styles.ts';
import type { EditionFormErrors } from '../../domain/edition-form.ts';
import type { NewEditionValues } from '../../domain/edition-template.ts';
import { AccessModeField } from './editions/AccessModeField.tsx';
import { SubmitOrBack } from './editions/EditionField.tsx';
import { TimeZoneField } from './editions/TimeZoneField.tsx';

interface NewEditionViewProps {
  values: NewEditionValues;
  errors: EditionFormErrors;
  timeZones: string[];
}

type TextField = { name: keyof NewEditionValues; label: string; type: 'text' | 'date' | 'email'; help?: ReactNode };

const TEXT_FIELDS: TextField[] = [
  { name: 'name', label: 'Name', type: 'text', help: 'How pages and e-mails name this edition, e.g. Winter 2026.' },
  {
    name: 'slug',
    label: 'Slug',
    type: 'text',
    help: 'Lowercase letters, digits and dashes; the edition’s pages live under /{slug}/, e.g. /winter-2026/day-1.',
  },
  { name: 'summitStartDate', label: 'First summit day', type: 'date', help: 'Day 1, in the edition’s time zone.' },
  { name: 'summitEndDate', label: 'Last summit day', type: 'date', help: 'The summit runs three days: day 3 is two days after day 1.' },
  {
    name: 'supportEmail',
    label: 'Support e-mail',
    type: 'email',
    help: 'Shown on the dashboard and used for sponsorship enquiries; registrants write to it.',
  },
];

function TextInput({ field, values, errors }: { field: TextField; values: NewEditionValues; errors: EditionFormErrors }) {
  return (
    <Field name={field.name} label={field.label} required help={field.help} messages={errors[field.name]}>
      {(control) => <input {...control} type={field.type} defaultValue={values[field.name]} className={INPUT} />}
    </Field>
  );
}

export function NewEditionView({ values, errors, timeZones }: NewEditionViewProps) {
  return (
    <section aria-labelledby="new-edition-heading" className={CARD}>
      <h2 id="new-edition-heading" className="text-xl font-semibold">
        The edition’s own facts
      </h2>
      <p className="mt-1 text-sm text-muted">
        Starts from a neutral template: no speakers, hosts, offers, discount codes or links of another edition. Each day page is open on its
        summit day in the edition’s time zone. Afterwards, add speakers, episodes and passes on the edition’s screen, and choose “Show on
        the home page” on the Editions screen when it is ready.
      </p>
      <form method="post" noValidate className="mt-4 grid gap-4 md:grid-cols-2">
        {errors['']?.length ? (
          <div className="md:col-span-2">
            <FieldMessages fieldId="new-edition-form" messages={errors['']} />
          </div>
        ) : null}
        {TEXT_FIELDS.map((field) => (
          <TextInput key={field.name} field={field} values={values} errors={errors} />
        ))}
        <TimeZoneField
          name="timezone"
          label="Time zone"
          value={values.timezone}
          timeZones={timeZones}
          help="The summit days follow this zone."
          messages={errors.timezone}
        />
        <AccessModeField label="Who may open the day pages" required value={values.accessMode} messages={errors.accessMode} />
        <SubmitOrBack submitLabel="Create the edition" className="flex flex-wrap gap-4 md:col-span-2" />
      </form>
    </section>
  );
}
