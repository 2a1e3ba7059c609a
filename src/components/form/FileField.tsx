/** A form's file field: the shared Field around a file input. */
import { Field, type FieldProps } from './Field.tsx';

interface FileFieldProps extends Omit<FieldProps, 'checkbox' | 'children'> {
  /** The file types offered, as the input's accept attribute. */
  accept: string;
  /** The id of the problems listed apart from the form, when there are any. */
  describedBy?: string | undefined;
  className?: string;
}

export function FileField({ accept, describedBy, className = 'mt-1 block text-sm', ...field }: FileFieldProps) {
  return (
    <Field {...field}>
      {(control) => <input {...control} type="file" accept={accept} aria-describedby={describedBy} className={className} />}
    </Field>
  );
}
