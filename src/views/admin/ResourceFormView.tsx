/**
 * The form for one entry of any managed resource, built from its field descriptions. It posts
 * back to itself; the server answers with the same form, what was typed, and a message beside
 * each field that needs one.
 */
import type { AdminField, AdminFormErrors, AdminFormValues } from '../../domain/admin.ts';

interface ResourceFormViewProps {
  fields: AdminField[];
  values: AdminFormValues;
  errors: AdminFormErrors;
  backHref: string;
  previewHref: string | null;
}

const INPUT = 'mt-1 block w-full rounded-xl border border-ink/20 bg-white px-3 py-2 aria-[invalid=true]:border-red-700';

function Field({ field, value, error }: { field: AdminField; value: string | boolean; error?: string }) {
  const id = `field-${field.name.replace(/\./g, '-')}`;
  const describedBy = [error ? `${id}-error` : null, field.help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined;
  const common = { id, name: field.name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, required: field.required };
  const text = typeof value === 'string' ? value : '';
  return (
    <div data-admin-field={field.name}>
      {field.type === 'checkbox' ? (
        <label className="flex items-center gap-2 font-medium">
          <input type="checkbox" {...common} defaultChecked={value === true} className="size-5" />
          {field.label}
        </label>
      ) : (
        <>
          <label htmlFor={id} className="block font-medium">
            {field.label}
            {field.required ? <span aria-hidden="true"> *</span> : null}
          </label>
          {field.type === 'textarea' || field.type === 'json' ? (
            <textarea {...common} defaultValue={text} rows={field.type === 'json' ? 16 : 4} className={`${INPUT} ${field.type === 'json' ? 'font-mono text-sm' : ''}`} />
          ) : field.type === 'select' ? (
            <select {...common} defaultValue={text} className={INPUT}>
              <option value="">Choose…</option>
              {field.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input {...common} type={field.type === 'image' ? 'text' : field.type} defaultValue={text} className={INPUT} />
          )}
          {field.type === 'image' ? (
            <label className="mt-2 block text-sm text-muted">
              or upload an image (JPG, PNG, SVG, WebP; at most 2 MB)
              <input type="file" name={`${field.name}__file`} accept="image/png,image/jpeg,image/svg+xml,image/webp" className="mt-1 block text-sm" />
            </label>
          ) : null}
        </>
      )}
      {field.help ? (
        <p id={`${id}-help`} className="mt-1 text-sm text-muted">
          {field.help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ResourceFormView({ fields, values, errors, backHref, previewHref }: ResourceFormViewProps) {
  const count = Object.keys(errors).length;
  return (
    <form method="post" encType="multipart/form-data" noValidate className="max-w-3xl space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10">
      {count ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {errors[''] ?? `Please correct ${count === 1 ? 'the field' : `the ${count} fields`} marked below.`}
        </p>
      ) : null}
      {fields.map((field) => (
        <Field key={field.name} field={field} value={values[field.name] ?? ''} error={errors[field.name]} />
      ))}
      <div className="flex flex-wrap gap-3 pt-2">
        <button type="submit" className="rounded-full bg-brand-primary-strong px-6 py-2.5 font-semibold text-white">
          Save
        </button>
        <a href={backHref} className="rounded-full px-6 py-2.5 font-semibold ring-1 ring-ink/20">
          Back to the list
        </a>
        {previewHref ? (
          <a href={previewHref} target="_blank" rel="noopener noreferrer" className="rounded-full px-6 py-2.5 font-semibold ring-1 ring-ink/20">
            Preview on the site
          </a>
        ) : null}
      </div>
    </form>
  );
}
