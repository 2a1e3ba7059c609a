/**
 * The one description of an admin form field, shared by the managed-content forms (speakers,
 * hosts, sponsors, …: src/server/managed-content) and the edition settings form
 * (settings-form/fields.ts): a path into the record, a label and a kind. The kinds are listed
 * once; each place that draws or reads a field switches over them, so a new kind does not compile
 * until every place handles it.
 */
export const fieldKinds = [
  'text',
  'textarea',
  'email',
  'url',
  /** A whole number, 0 or more. */
  'integer',
  /** An amount typed in major units ("197.00"), kept in minor units of the edition's currency. */
  'money',
  'date',
  /** An instant, picked as a wall-clock time in the edition's time zone. */
  'instant',
  'checkbox',
  /** One entry per line. */
  'lines',
  /** Whole numbers separated by commas. */
  'numbers',
  /** One of `options`. */
  'choice',
  /** An image's URL, or a file uploaded in its place. */
  'image',
] as const;
export type FieldKind = (typeof fieldKinds)[number];

export interface FormField<P extends string = string> {
  kind: FieldKind;
  /** A dot path into the record, e.g. "freebie.title" (in a list or block of the settings: in its item). */
  path: P;
  label: string;
  help?: string;
  options?: readonly { value: string; label: string }[];
  required?: boolean;
  /** Settings form: an empty value is stored as null (an early price not given) instead of refused. */
  blankIsNone?: boolean;
}

/** The control that holds a field's value. */
export type FieldControl =
  | { element: 'input'; type: 'text' | 'email' | 'url' | 'number' | 'date' | 'datetime-local'; inputMode?: 'decimal' }
  | { element: 'textarea'; rows: number }
  | { element: 'select' }
  | { element: 'checkbox' };

export function fieldControl(kind: FieldKind): FieldControl {
  switch (kind) {
    case 'text':
    case 'image':
      return { element: 'input', type: 'text' };
    case 'email':
    case 'url':
    case 'date':
      return { element: 'input', type: kind };
    case 'integer':
      return { element: 'input', type: 'number' };
    case 'money':
      return { element: 'input', type: 'text', inputMode: 'decimal' };
    case 'numbers':
      return { element: 'input', type: 'text' };
    case 'instant':
      return { element: 'input', type: 'datetime-local' };
    case 'textarea':
      return { element: 'textarea', rows: 4 };
    case 'lines':
      return { element: 'textarea', rows: 5 };
    case 'choice':
      return { element: 'select' };
    case 'checkbox':
      return { element: 'checkbox' };
  }
}
