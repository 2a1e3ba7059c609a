/**
 * A select of the site's forms, drawn from a list of options (value and label), and the labelled
 * field that holds one. Every select of the admin and the brand configurator is one of these, so
 * the options are written once; the caller passes what is its own (name or the field's control
 * attributes, the chosen value, its class when it is not the admin's input).
 */
import type { SelectHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field.tsx';
import { INPUT } from './styles.ts';

export interface SelectOption {
  value: string;
  label: string;
}

/** The options for a list of values, each labelled as labelOf says. */
export function optionsOf<T extends string>(values: readonly T[], labelOf: (value: T) => string): SelectOption[] {
  return values.map((value) => ({ value, label: labelOf(value) }));
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly SelectOption[];
  /** The label of an empty first option ("Choose…"), for a select that may start unset. */
  emptyOption?: string | undefined;
}

export function Select({ options, emptyOption, className = INPUT, ...attributes }: SelectProps) {
  return (
    <select {...attributes} className={className}>
      {emptyOption === undefined ? null : <option value="">{emptyOption}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

interface SelectFieldProps extends Omit<FieldProps, 'checkbox' | 'children'>, Pick<SelectProps, 'options' | 'emptyOption'> {
  defaultValue: string | undefined;
}

/** A labelled select (the shared Field) that starts at defaultValue. */
export function SelectField({ options, emptyOption, defaultValue, ...field }: SelectFieldProps) {
  return (
    <Field {...field}>{(control) => <Select {...control} defaultValue={defaultValue} options={options} emptyOption={emptyOption} />}</Field>
  );
}
