/**
 * The day windows: per timed page, live (opens and closes at wall-clock times in the edition's
 * time zone, following the summit dates unless the host sets their own) or evergreen (a length
 * from each visitor's first visit), and the page it leads to when it closes, from a list.
 */
import { Field } from '../../../components/form/Field.tsx';
import { SelectField, type SelectOption } from '../../../components/form/Select.tsx';
import { INPUT } from '../../../components/form/styles.ts';
import { timedPages, type TimedPage } from '../../../domain/edition.ts';
import type { EditionFormErrors, EditionFormValues } from '../../../domain/edition-form.ts';
import { REDIRECT_CHOICES, TIMED_PAGE_LABELS, timerName } from '../../../domain/settings-form/timer-values.ts';
import { Fieldset } from './EditionField.tsx';

interface FormState {
  values: EditionFormValues;
  errors: EditionFormErrors;
}

function Input({ name, label, type, values, errors, help }: FormState & { name: string; label: string; type: string; help?: string }) {
  return (
    <Field name={name} label={label} help={help} messages={errors[name]}>
      {(control) => (
        <input {...control} type={type} min={type === 'number' ? 0 : undefined} defaultValue={values[name] ?? ''} className={INPUT} />
      )}
    </Field>
  );
}

/** A live window's two times, typed in the edition's time zone. */
const LIVE_TIMES = [
  { field: 'eventStartDate', label: 'Opens' },
  { field: 'eventEndDate', label: 'Closes' },
] as const;

function LiveWindow({ page, values, errors }: FormState & { page: TimedPage }) {
  const day = page === 'dashboard' ? null : Number(page.slice(3));
  const timeZone = values.timezone || 'the edition’s time zone';
  return (
    <div data-timer-live={page} className="grid gap-4 md:col-span-2 md:grid-cols-2">
      {day ? (
        <div className="md:col-span-2">
          <Field
            name={timerName(page, 'follows')}
            label={`Follow the summit dates (Day ${day} of the summit, midnight to midnight)`}
            help="Untick, or change a time below, to set this window yourself."
            messages={errors[timerName(page, 'follows')]}
            checkbox={(control) => (
              <input {...control} type="checkbox" data-follows-summit={day} defaultChecked={Boolean(values[timerName(page, 'follows')])} />
            )}
          />
        </div>
      ) : null}
      {LIVE_TIMES.map(({ field, label }) => (
        <Input
          key={field}
          name={timerName(page, field)}
          label={label}
          type="datetime-local"
          help={`In ${timeZone} time.`}
          values={values}
          errors={errors}
        />
      ))}
    </div>
  );
}

function EvergreenLength({ page, values, errors }: FormState & { page: TimedPage }) {
  return (
    <div data-timer-evergreen={page} className="grid gap-4 md:col-span-2 md:grid-cols-3">
      <Input name={timerName(page, 'durationDays')} label="Open for: days" type="number" values={values} errors={errors} />
      <Input name={timerName(page, 'durationHours')} label="hours" type="number" values={values} errors={errors} />
      <Input name={timerName(page, 'durationMinutes')} label="minutes" type="number" values={values} errors={errors} />
    </div>
  );
}

const MODES = [
  { value: 'live', label: 'Live: opens and closes at set times' },
  { value: 'evergreen', label: 'Evergreen: open for a length of time from each visitor’s first visit' },
];

function Select({ name, label, options, values, errors }: FormState & { name: string; label: string; options: readonly SelectOption[] }) {
  return <SelectField name={name} label={label} messages={errors[name]} defaultValue={values[name] ?? ''} options={options} />;
}

function PageWindow({ page, values, errors }: FormState & { page: TimedPage }) {
  return (
    <fieldset className="grid gap-4 rounded-xl p-3 ring-1 ring-ink/10 md:grid-cols-2" data-timer={page}>
      <legend className="px-1 font-semibold">{TIMED_PAGE_LABELS[page]}</legend>
      <div className="md:col-span-2">
        <Select name={timerName(page, 'mode')} label="Window" options={MODES} values={values} errors={errors} />
      </div>
      <LiveWindow page={page} values={values} errors={errors} />
      <EvergreenLength page={page} values={values} errors={errors} />
      <Select name={timerName(page, 'redirect')} label="When it closes, go to" options={REDIRECT_CHOICES} values={values} errors={errors} />
      <Input
        name={timerName(page, 'redirectUrl')}
        label="Another address"
        type="url"
        help="Used when “Another address” is chosen."
        values={values}
        errors={errors}
      />
    </fieldset>
  );
}

export function DayWindowFields({ values, errors }: FormState) {
  return (
    <Fieldset
      legend="Day windows"
      description="When each day page and the dashboard are open. Live windows follow the summit dates above unless you change them; saving refuses a day outside the summit."
    >
      <div className="space-y-4">
        {timedPages.map((page) => (
          <PageWindow key={page} page={page} values={values} errors={errors} />
        ))}
      </div>
    </Fieldset>
  );
}
