/** Who may open an edition's day pages and dashboard (src/domain/access/access-rule.ts), chosen from the access modes. */
import { optionsOf, SelectField } from '../../../components/form/Select.tsx';
import { ACCESS_MODE_LABELS, accessModes } from '../../../domain/access/access-modes.ts';

const ACCESS_MODE_OPTIONS = optionsOf(accessModes, (mode) => ACCESS_MODE_LABELS[mode]);

export interface AccessModeFieldProps {
  label: string;
  required?: boolean;
  value: string | undefined;
  messages: readonly string[] | undefined;
}

export function AccessModeField({ label, required, value, messages }: AccessModeFieldProps) {
  return (
    <SelectField
      name="accessMode"
      label={label}
      required={required}
      messages={messages}
      defaultValue={value}
      options={ACCESS_MODE_OPTIONS}
    />
  );
}
