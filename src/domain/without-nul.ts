/**
 * NUL cannot be stored in a Postgres text value: it is dropped from all text input. A module of
 * its own so the brand configurator's island can use it without the content schemas around it.
 */
// eslint-disable-next-line no-control-regex -- NUL is the character to remove
export const withoutNul = (value: string) => value.replace(/\u0000/g, '');

/** A form field's text without NUL; empty when the field is missing or is a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? withoutNul(value) : '';
}
