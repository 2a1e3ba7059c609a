/**
 * An edition's time zone, chosen from the IANA zones the server knows (Intl.supportedValuesOf,
 * handed in by the page) rather than typed. A stored value the list lacks (an older runtime's
 * name) stays selected as the first option, so saving the form never changes it unasked.
 */
import type { ReactNode } from 'react';
import { Field } from '../../../components/form/Field.tsx';
import { INPUT } from '../../../components/form/styles.ts';

export interface TimeZoneFieldProps {
  name: string;
  label: string;
  value: string;
  timeZones: readonly string[];
  help?: ReactNode;
  messages?: readonly string[] | undefined;
}

export function TimeZoneField({ name, label, value, timeZones, help, messages }: TimeZoneFieldProps) {
  return (
    <Field name={name} label={label} required help={help} messages={messages}>
      {(control) => (
        <select {...control} defaultValue={value} className={INPUT}>
          {timeZones.includes(value) || !value ? null : <option value={value}>{value}</option>}
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
