/**
 * The few facts an edition's words may name by field, filled in where the words are shown:
 * {{summit_dates}} ("July 15-17 2025"), {{retreat_dates}} and {{pass_name}} (the edition's
 * All Access pass, by its own name). A field with no value here is left out, never shown raw.
 */
export const TEXT_FIELDS = ['summit_dates', 'retreat_dates', 'pass_name'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type TextValues = Partial<Record<TextField, string>>;

const FIELD = /\{\{\s*([a-z_]+)\s*\}\}/g;

export function fillText(text: string, values: TextValues): string {
  return text.replace(FIELD, (_whole, name: string) => values[name as TextField] ?? '');
}

/** The field names a text uses that are not TEXT_FIELDS, for the form's message. */
export function unknownTextFields(text: string): string[] {
  return [...text.matchAll(FIELD)].map((match) => match[1] as string).filter((name) => !(TEXT_FIELDS as readonly string[]).includes(name));
}
