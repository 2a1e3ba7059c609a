/**
 * The form for one entry of any managed resource, built from its field descriptions. It posts
 * back to itself; the server answers with the same form, what was typed, and a message beside
 * each field that needs one.
 */
import type { AdminField, AdminFormErrors, AdminFormValues } from '../../domain/admin.ts';
import { Field } from '../../components/form/Field.tsx';
import { INPUT, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/form/styles.ts';

interface ResourceFormViewProps {
  fields: AdminField[];
  values: AdminFormValues;
  errors: AdminFormErrors;
  backHref: string;
  previewHref: string | null;
}

function ResourceField({ field, value, error }: { field: AdminField; value: string | boolean; error?: string | undefined }) {
  const text = typeof value === 'string' ? value : '';
  const checkbox = field.type === 'checkbox';
  return (
    <Field
      name={field.name}
      label={field.label}
      required={field.required}
      help={field.help}
      messages={error ? [error] : undefined}
      checkbox={
        checkbox ? (control) => <input type="checkbox" {...control} defaultChecked={value === true} className="size-5" /> : undefined
      }
    >
      {(control) => (
        <>
          {field.type === 'textarea' || field.type === 'json' ? (
            <textarea
              {...control}
              defaultValue={text}
              rows={field.type === 'json' ? 16 : 4}
              className={`${INPUT} ${field.type === 'json' ? 'font-mono text-sm' : ''}`}
            />
          ) : field.type === 'select' ? (
            <select {...control} defaultValue={text} className={INPUT}>
              <option value="">Choose…</option>
              {field.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input {...control} type={field.type === 'image' ? 'text' : field.type} defaultValue={text} className={INPUT} />
          )}
          {field.type === 'image' ? (
            <label className="mt-2 block text-sm text-muted">
              or upload an image (JPG, PNG, SVG, WebP; at most 2 MB)
              <input
                type="file"
                name={`${field.name}__file`}
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
        <ResourceField key={field.name} field={field} value={values[field.name] ?? ''} error={errors[field.name]} />
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
