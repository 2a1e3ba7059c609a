/**
 * The form for one entry of any managed resource, built from its field descriptions. It posts
 * back to itself; the server answers with the same form, what was typed, and a message beside
 * each field that needs one.
 */
import type { AdminField, AdminFormErrors, AdminFormValues } from '../../domain/admin.ts';
import { Field, type ControlProps } from '../../components/form/Field.tsx';
import { fieldControl } from '../../domain/form-fields.ts';
import { Select } from '../../components/form/Select.tsx';
import { INPUT, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/form/styles.ts';

interface ResourceFormViewProps {
  fields: AdminField[];
  values: AdminFormValues;
  errors: AdminFormErrors;
  backHref: string;
  previewHref: string | null;
}

/** The control of one field, as its kind says (form-fields.ts fieldControl). */
function ResourceControl({ field, text, control }: { field: AdminField; text: string; control: ControlProps }) {
  const shape = fieldControl(field.kind);
  switch (shape.element) {
    case 'textarea':
      return <textarea {...control} defaultValue={text} rows={shape.rows} className={INPUT} />;
    case 'select':
      return <Select {...control} defaultValue={text} emptyOption="Choose…" options={field.options ?? []} />;
    case 'input':
    case 'checkbox':
      return <input {...control} type={shape.element === 'input' ? shape.type : 'text'} defaultValue={text} className={INPUT} />;
  }
}

function ResourceField({ field, value, error }: { field: AdminField; value: string | boolean; error?: string | undefined }) {
  const text = typeof value === 'string' ? value : '';
  return (
    <Field
      name={field.path}
      label={field.label}
      required={field.required}
      help={field.help}
      messages={error ? [error] : undefined}
      checkbox={
        field.kind === 'checkbox'
          ? (control) => <input type="checkbox" {...control} defaultChecked={value === true} className="size-5" />
          : undefined
      }
    >
      {(control) => (
        <>
          <ResourceControl field={field} text={text} control={control} />
          {field.kind === 'image' ? (
            <label className="mt-2 block text-sm text-muted">
              or upload an image (JPG, PNG, SVG, WebP; at most 2 MB)
              <input
                type="file"
                name={`${field.path}__file`}
                accept="image/png,image/jpeg,image/svg+xml,image/webp"
                className="mt-1 block text-sm"
              />
            </label>
          ) : null}
        </>
      )}
    </Field>
  );
}

export function ResourceFormView({ fields, values, errors, backHref, previewHref }: ResourceFormViewProps) {
  const count = Object.keys(errors).length;
  return (
    <form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="max-w-3xl space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10"
    >
      {count ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {errors[''] ?? `Please correct ${count === 1 ? 'the field' : `the ${count} fields`} marked below.`}
        </p>
      ) : null}
      {fields.map((field) => (
        <ResourceField key={field.path} field={field} value={values[field.path] ?? ''} error={errors[field.path]} />
      ))}
      <div className="flex flex-wrap gap-3 pt-2">
        <button type="submit" className={PRIMARY_BUTTON}>
          Save
        </button>
        <a href={backHref} className={SECONDARY_BUTTON}>
          Back to the list
        </a>
        {previewHref ? (
          <a href={previewHref} target="_blank" rel="noopener noreferrer" className={SECONDARY_BUTTON}>
            Preview on the site
          </a>
        ) : null}
      </div>
    </form>
  );
}
