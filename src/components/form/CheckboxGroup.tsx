/**
 * A group of checkboxes posted under one name (the events a webhook wants): a legend, the boxes
 * and the group's messages, which the fieldset names with aria-describedby as Field does for one
 * control.
 */
import type { ReactNode } from 'react';
import { FieldMessages, fieldId, messagesId } from './Field.tsx';

interface CheckboxGroupProps {
  name: string;
  legend: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
  /** The values ticked when the form is shown. */
  checked: readonly string[];
  messages?: readonly string[] | undefined;
}

export function CheckboxGroup({ name, legend, options, checked, messages }: CheckboxGroupProps) {
  const id = fieldId(name);
  return (
    <fieldset aria-describedby={messages?.length ? messagesId(id) : undefined}>
      <legend className="font-medium">{legend}</legend>
      <div className="mt-1 grid gap-1 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="text-sm">
            <input type="checkbox" name={name} value={option.value} defaultChecked={checked.includes(option.value)} /> {option.label}
          </label>
        ))}
      </div>
      <FieldMessages fieldId={id} messages={messages} />
    </fieldset>
  );
}
