/**
 * View models of the admin screens: built by src/server/managed-content (the navigation by
 * src/server/admin), shown by src/views/admin. Form fields are described as data, so one list
 * view and one form view serve every resource.
 */

export interface AdminNavEdition {
  slug: string;
  name: string;
}

export type AdminFieldType = 'text' | 'textarea' | 'url' | 'email' | 'number' | 'checkbox' | 'select' | 'image' | 'json';

export interface AdminField {
  /** A dot path into the record, e.g. "freebie.title". */
  name: string;
  label: string;
  type: AdminFieldType;
  required?: boolean;
  help?: string;
  options?: { value: string; label: string }[];
}

/** Form values as the form shows them: text for inputs, booleans for checkboxes. */
export type AdminFormValues = Record<string, string | boolean>;
/** Messages by field name; "" holds a message about the whole form. */
export type AdminFormErrors = Record<string, string>;

function getPath(record: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);
}

/** A record as its form shows it. */
export function formValuesFromRecord(fields: AdminField[], record: Record<string, unknown>): AdminFormValues {
  const values: AdminFormValues = {};
  for (const field of fields) {
    const value = getPath(record, field.name);
    values[field.name] =
      field.type === 'checkbox'
        ? value === true
        : value === null || value === undefined
          ? ''
          : typeof value === 'object'
            ? JSON.stringify(value, null, 2)
            : String(value);
  }
  return values;
}

/** What a submitted form holds, as text (checkboxes as booleans). */
export function readFormValues(fields: AdminField[], form: FormData): AdminFormValues {
  const values: AdminFormValues = {};
  for (const field of fields) {
    const raw = form.get(field.name);
    values[field.name] = field.type === 'checkbox' ? raw === 'on' || raw === 'true' : typeof raw === 'string' ? raw : '';
  }
  return values;
}

/**
 * The record a form describes, ready for the resource's schema: trimmed text, numbers for
 * number fields and numeric selects (empty as null), and a nested group (e.g. freebie) that is
 * left entirely empty as null.
 */
export function recordFromFormValues(fields: AdminField[], values: AdminFormValues): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  const groups = new Map<string, Record<string, string>>();
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === 'checkbox') {
      record[field.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    const [group, key] = field.name.split('.');
    if (key) {
      const entries = groups.get(group as string) ?? {};
      entries[key] = text;
      groups.set(group as string, entries);
      continue;
    }
    if (field.type === 'json') record[field.name] = text ? parseJsonOr(text) : null;
    else if (field.type === 'number' || (field.type === 'select' && field.options?.every((o) => /^\d+$/.test(o.value))))
      record[field.name] = text === '' ? null : Number(text);
    // Text goes as typed; each schema decides what an empty value means.
    else record[field.name] = text;
  }
  for (const [group, entries] of groups) {
    record[group] = Object.values(entries).some(Boolean) ? entries : null;
  }
  return record;
}

function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
