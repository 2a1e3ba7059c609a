/** The fields Admin → Affiliates' forms share: a labelled input with its message, and the refused form's values and errors. */
import type { AffiliatesScreenState } from '../../../domain/affiliates/affiliate-figures.ts';
import { messagesOf } from '../../../components/form/Field.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import type { AffiliatesAction } from '../../../domain/admin-actions.ts';

/** The values and messages of the form `action` (about affiliate `id`) when it was the one refused. */
export interface FormEcho {
  values: Record<string, string>;
  errors: Partial<Record<string, string>>;
}

export function echoFor(state: AffiliatesScreenState, action: AffiliatesAction, id: number | null): FormEcho {
  const refused = state.refused;
  if (!refused || refused.action !== action || refused.id !== id) return { values: {}, errors: {} };
  return { values: refused.values, errors: state.errors ?? {} };
}

interface InputProps {
  name: string;
  /** Unique on the page (several affiliates' forms share field names). */
  id: string;
  label: string;
  echo: FormEcho;
  defaultValue?: string;
  help?: string;
  type?: 'text' | 'email' | 'date';
  inputMode?: 'decimal';
  required?: boolean;
}

export function TextInput({ name, id, label, echo, defaultValue = '', help, type = 'text', inputMode, required }: InputProps) {
  return (
    <TextField
      name={name}
      id={id}
      label={label}
      help={help}
      required={required}
      type={type}
      inputMode={inputMode}
      defaultValue={echo.values[name] ?? defaultValue}
      messages={messagesOf(echo.errors[name])}
      adminField={false}
    />
  );
}

/** The form-wide message of a refused form (an expired token). */
export function FormProblem({ echo }: { echo: FormEcho }) {
  return echo.errors.form ? <p className="text-sm font-medium text-red-700">{echo.errors.form}</p> : null;
}
