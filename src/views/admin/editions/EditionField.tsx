/**
 * The edition forms' building blocks: a field of the edition's values, a fieldset with its legend,
 * and the buttons that end a form (its submit and the way back to the editions).
 */
import type { ReactNode } from 'react';
import { Field } from '../../../components/form/Field.tsx';
import { INPUT, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/form/styles.ts';
import type { EditionFormErrors, EditionFormValues } from '../../../domain/edition-form.ts';

interface EditionFieldProps {
  name: string;
  label: string;
  values: EditionFormValues;
  errors: EditionFormErrors;
  type?: 'text' | 'date' | 'number' | 'textarea' | 'json';
  required?: boolean | undefined;
  help?: string | undefined;
  rows?: number;
}

export function EditionField({ name, label, values, errors, type = 'text', required, help, rows }: EditionFieldProps) {
  return (
    <Field name={name} label={label} required={required} help={help} messages={errors[name]}>
      {(control) =>
        type === 'textarea' || type === 'json' ? (
          <textarea
            {...control}
            defaultValue={values[name] ?? ''}
            rows={rows ?? (type === 'json' ? 10 : 3)}
            spellCheck={type === 'json' ? false : undefined}
            className={`${INPUT} ${type === 'json' ? 'font-mono text-sm' : ''}`}
          />
        ) : (
          <input
            {...control}
            defaultValue={values[name] ?? ''}
            type={type}
            min={type === 'number' ? 0 : undefined}
            step={type === 'number' ? 1 : undefined}
            className={INPUT}
          />
        )
      }
    </Field>
  );
}

export function Fieldset({
  legend,
  children,
  description,
  id,
}: {
  legend: string;
  children: ReactNode;
  description?: ReactNode;
  id?: string;
}) {
  return (
    <fieldset id={id} className="scroll-mt-4 space-y-4 rounded-xl p-4 ring-1 ring-ink/10">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {description ? <p className="text-sm text-muted">{description}</p> : null}
      {children}
    </fieldset>
  );
}

/** A form's submit button ("Save the edition") and the link back to the editions, in a row laid out by className. */
export function SubmitOrBack({ submitLabel, className }: { submitLabel: string; className: string }) {
  return (
    <div className={className}>
      <button type="submit" className={PRIMARY_BUTTON}>
        {submitLabel}
      </button>
      <a href="/admin/editions" className={SECONDARY_BUTTON}>
        Back to the editions
      </a>
    </div>
  );
}
