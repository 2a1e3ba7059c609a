/**
 * Text that leaves the site in a strict format: XML 1.0 forbids most control
 * characters (one vertical tab pasted from a word processor made every registrant's feed
 * malformed), and e-mail headers and calendar lines must be one line. Applied where the text is
 * written out (the feed, the mail transport, the calendar), so every field is covered, whatever
 * the database holds.
 */

/** Everything XML 1.0 does not allow: C0 controls but tab, LF and CR; lone surrogates; U+FFFE, U+FFFF. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
/** C1 controls and DEL: allowed by XML, but invisible and meaningless in any text we show. */
const INVISIBLE_CONTROLS = /[\u007F-\u009F]/g;

/** The text without the characters XML 1.0 forbids (and without DEL and C1 controls). */
export function xmlSafeText(text: string): string {
  return text.replace(NOT_XML, '').replace(INVISIBLE_CONTROLS, '');
}

/** One line of plain text for a header or calendar field: line breaks and tabs become spaces. */
export function oneLineText(text: string): string {
  return xmlSafeText(text)
    .replace(/[\t\r\n]+/g, ' ')
    .trim();
}

/** A copy of a plain record with every string value made XML-safe (nested records and lists too). */
export function xmlSafeRecord<T>(value: T): T {
  if (typeof value === 'string') return xmlSafeText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => xmlSafeRecord(item)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, xmlSafeRecord(field)])) as T;
}
