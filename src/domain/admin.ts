/**
 * View models of the admin screens: built by src/server/managed-content (the navigation by
 * src/server/admin), shown by src/views/admin. Form fields are described as data, so one list
 * view and one form view serve every resource. The fields are the one field model of the admin
 * (form-fields.ts), the edition settings form's too.
 */
import type { FormField } from './form-fields.ts';

export interface AdminNavEdition {
  slug: string;
  name: string;
}

/** A field of a managed-content form: its path is a dot path into the record, e.g. "freebie.title". */
export type AdminField = FormField;

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
    const value = getPath(record, field.path);
    values[field.path] =
      field.kind === 'checkbox'
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
    const raw = form.get(field.path);
    values[field.path] = field.kind === 'checkbox' ? raw === 'on' || raw === 'true' : typeof raw === 'string' ? raw : '';
  }
  return values;
}

/** A typed value as the resource's schema takes it: numbers for number fields and numeric choices (empty as null), else the text. */
function recordValue(field: AdminField, text: string): unknown {
  switch (field.kind) {
    case 'integer':
    case 'money':
      return text === '' ? null : Number(text);
    case 'choice':
      return field.options?.every((option) => /^\d+$/.test(option.value)) ? (text === '' ? null : Number(text)) : text;
    case 'checkbox':
      return text !== '';
    // Text goes as typed; each schema decides what an empty value means.
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
    case 'date':
    case 'instant':
    case 'lines':
    case 'numbers':
    case 'image':
      return text;
  }
}

/**
 * The record a form describes, ready for the resource's schema: trimmed text, numbers for
 * number fields and numeric choices (empty as null), and a nested group (e.g. freebie) that is
 * left entirely empty as null.
 */
export function recordFromFormValues(fields: AdminField[], values: AdminFormValues): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  const groups = new Map<string, Record<string, string>>();
  for (const field of fields) {
    const value = values[field.path];
    if (field.kind === 'checkbox') {
      record[field.path] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    const [group, key] = field.path.split('.');
    if (key) {
      const entries = groups.get(group as string) ?? {};
      entries[key] = text;
      groups.set(group as string, entries);
      continue;
    }
    record[field.path] = recordValue(field, text);
  }
  for (const [group, entries] of groups) {
    record[group] = Object.values(entries).some(Boolean) ? entries : null;
  }
  return record;
}
