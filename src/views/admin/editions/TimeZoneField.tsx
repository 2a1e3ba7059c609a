/**
 * An edition's time zone, chosen from the IANA zones the server knows (Intl.supportedValuesOf,
 * handed in by the page) rather than typed. A stored value the list lacks (an older runtime's
 * name) stays selected as the first option, so saving the form never changes it unasked.
 */
import type { ReactNode } from 'react';
import { optionsOf, SelectField } from '../../../components/form/Select.tsx';

export interface TimeZoneFieldProps {
  name: string;
  label: string;
  value: string;
  timeZones: readonly string[];
  help?: ReactNode;
  messages?: readonly string[] | undefined;
}

export function TimeZoneField({ name, label, value, timeZones, help, messages }: TimeZoneFieldProps) {
  const zones = timeZones.includes(value) || !value ? timeZones : [value, ...timeZones];
  return (
    <SelectField
      name={name}
      label={label}
      required
      help={help}
      messages={messages}
      defaultValue={value}
      options={optionsOf(zones, (zone) => zone)}
    />
  );
}
