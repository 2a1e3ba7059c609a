/** A form's file field: the shared Field around a file input. */
import { Field, type FieldProps } from './Field.tsx';

interface FileFieldProps extends Omit<FieldProps, 'checkbox' | 'children'> {
  /** The file types offered, as the input's accept attribute. */
  accept: string;
  /** The id of the problems listed apart from the form, when there are any; not given: the field's own help and messages. */
  describedBy?: string | undefined;
  className?: string;
}

export function FileField(props: FileFieldProps) {
  const { accept, describedBy, className = 'mt-1 block text-sm', ...field } = props;
  // Given (even as undefined), describedBy replaces what the field's help and messages would name.
  const describes = 'describedBy' in props ? { 'aria-describedby': describedBy } : {};
  return <Field {...field}>{(control) => <input {...control} type="file" accept={accept} {...describes} className={className} />}</Field>;
}
