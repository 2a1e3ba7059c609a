/**
 * The controls of the brand configurator, in the site's one Field (src/components/form/Field.tsx):
 * each shows its hint and its validation message under the control and ties them to it with
 * aria-describedby; an invalid control keeps what was typed. The colour is two controls in a
 * fieldset, with the same message.
 */
import type { ChangeEvent, ReactNode } from 'react';
import { Field, FieldMessages, messagesId, type FieldProps } from '../../components/form/Field.tsx';
import { Select, type SelectOption } from '../../components/form/Select.tsx';
import { colourPickerId, type FieldPath } from './form-model.ts';

export const inputClass =
  'mt-1 block w-full rounded-xl border border-ink/20 bg-white px-4 py-2.5 text-base text-ink shadow-sm placeholder:text-muted/70 focus:border-brand-primary focus:outline-2 focus:outline-brand-primary aria-[invalid=true]:border-red-700';

export const labelClass = 'block font-medium text-ink';

export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return present.length ? present.join(' ') : undefined;
}

interface BaseFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  hint?: ReactNode;
  placeholder?: string;
  onChange: (value: string) => void;
}

/** The shared Field (src/components/form/Field.tsx) as the configurator uses it: named by its id, no required marks. */
function BrandField({
  id,
  label,
  error,
  hint,
  children,
}: Pick<BaseFieldProps, 'id' | 'label' | 'error' | 'hint'> & { children: FieldProps['children'] }) {
  return (
    <Field id={id} name={id} label={label} help={hint} messages={error ? [error] : undefined} adminField={false}>
      {children}
    </Field>
  );
}

export interface TextFieldProps extends BaseFieldProps {
  type: 'text' | 'url' | 'email' | 'number';
  autoComplete?: string;
  maxLength?: number;
  min?: number;
  max?: number;
}

export function TextField({
  id,
  label,
  type,
  value,
  error,
  hint,
  placeholder,
  autoComplete,
  maxLength,
  min,
  max,
  onChange,
}: TextFieldProps) {
  return (
    <BrandField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          type={type}
          value={value}
          placeholder={placeholder}
          autoComplete={autoComplete ?? 'off'}
          maxLength={maxLength}
          min={min}
          max={max}
          step={type === 'number' ? 1 : undefined}
          inputMode={type === 'number' ? 'numeric' : undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          className={inputClass}
        />
      )}
    </BrandField>
  );
}

export function TextAreaField({ id, label, value, error, hint, placeholder, onChange }: BaseFieldProps) {
  return (
    <BrandField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          rows={6}
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass}
        />
      )}
    </BrandField>
  );
}

interface SelectFieldProps extends BaseFieldProps {
  options: readonly SelectOption[];
}

export function SelectField({ id, label, value, error, hint, options, onChange }: SelectFieldProps) {
  return (
    <BrandField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <Select {...control} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass} options={options} />
      )}
    </BrandField>
  );
}

interface ColourFieldProps {
  id: string;
  /** "Primary", "Secondary" or "Accent". */
  name: string;
  /** The hex text as typed. */
  value: string;
  /** The picker's colour: the last valid hex. */
  pickerValue: string;
  placeholder: string;
  error: string | undefined;
  onTextChange: (value: string) => void;
  onPickerChange: (value: string) => void;
}

/**
 * A colour as a native picker (which is also the swatch: no inline styles under the CSP) and a
 * hex text field, kept in sync: the picker writes the text; a valid hex in the text moves the picker.
 */
export function ColourField({ id, name, value, pickerValue, placeholder, error, onTextChange, onPickerChange }: ColourFieldProps) {
  const pickerId = colourPickerId(id);
  return (
    <fieldset className="min-w-0">
      <legend className={labelClass}>{name} colour</legend>
      <div className="mt-1 flex items-end gap-3">
        <div className="shrink-0">
          <label htmlFor={pickerId} className="block text-sm text-muted">
            <span className="sr-only">{name} colour </span>Picker
          </label>
          <input
            id={pickerId}
            type="color"
            value={pickerValue.toLowerCase()}
            onChange={(event) => onPickerChange(event.target.value)}
            className="mt-1 block h-11 w-14 cursor-pointer rounded-lg border border-ink/20 bg-white p-1 focus:outline-2 focus:outline-brand-primary"
          />
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="block text-sm text-muted">
            <span className="sr-only">{name} colour </span>Hex code
          </label>
          <input
            id={id}
            name={id}
            type="text"
            value={value}
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && messagesId(id))}
            onChange={(event) => onTextChange(event.target.value)}
            className={`${inputClass} font-mono`}
          />
        </div>
      </div>
      <FieldMessages fieldId={id} messages={error ? [error] : undefined} />
    </fieldset>
  );
}

/** The value, message and change handler of a field of the form, by its path. */
export type FieldBinder = (path: FieldPath) => { id: string; value: string; error: string | undefined; onChange: (value: string) => void };

/** Text fields in a row, each bound to its path of the form. */
export function TextFields({
  field,
  fields,
}: {
  field: FieldBinder;
  fields: (Omit<TextFieldProps, 'id' | 'value' | 'error' | 'onChange'> & { path: FieldPath })[];
}) {
  return fields.map(({ path, ...props }) => <TextField key={path} {...field(path)} {...props} />);
}
