/** A form's one-line text field: the shared Field around an input of the admin's look. */
import { Field, type FieldProps } from './Field.tsx';
import { INPUT } from './styles.ts';

interface TextFieldProps extends Omit<FieldProps, 'checkbox' | 'children'> {
  type?: 'text' | 'password' | 'email' | 'url' | 'date';
  inputMode?: 'text' | 'url' | 'email' | 'numeric' | 'decimal';
  autoComplete?: string;
  defaultValue?: string | undefined;
}

export function TextField({ type = 'text', inputMode, autoComplete, defaultValue, ...field }: TextFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <input {...control} type={type} inputMode={inputMode} autoComplete={autoComplete} defaultValue={defaultValue} className={INPUT} />
      )}
    </Field>
  );
}
