/**
 * One settings field's value between the document and the form: shown as the text its control
 * holds, and read back from what was typed, with a plain message when it cannot be.
 */
import { isEmailAddress } from '../email-address.ts';
import { LOCAL_DATE_TIME, instantToLocalDateTime, localDateTimeToOffsetInstant } from '../edition-dates/zoned-time.ts';
import type { FieldKind } from '../form-fields.ts';

export type FieldRead = { ok: true; value: unknown } | { ok: false; message: string };

/** The text a control of this kind holds for a stored value. */
export function showValue(kind: FieldKind, value: unknown, timeZone: string): string {
  if (value === undefined || value === null) return '';
  switch (kind) {
    case 'checkbox':
      return value ? 'on' : '';
    case 'lines':
      return (value as string[]).join('\n');
    case 'numbers':
      return (value as number[]).join(', ');
    case 'instant':
      return instantToLocalDateTime(value as string, timeZone);
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
    case 'integer':
    case 'money':
    case 'date':
    case 'choice':
    case 'image':
      return String(value);
  }
}

const WHOLE = /^\d{1,9}$/;
const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

function readNumber(text: string, kind: 'integer' | 'money'): FieldRead {
  if (!text) return { ok: false, message: 'Enter a number.' };
  if (kind === 'integer')
    return WHOLE.test(text) ? { ok: true, value: Number(text) } : { ok: false, message: 'Enter a whole number, 0 or more.' };
  return MONEY.test(text) ? { ok: true, value: Number(text) } : { ok: false, message: 'Enter an amount such as 77 or 4.99.' };
}

function readNumbers(text: string): FieldRead {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  return parts.every((part) => WHOLE.test(part))
    ? { ok: true, value: parts.map(Number) }
    : { ok: false, message: 'Enter whole numbers separated by commas, e.g. 1, 2, 3.' };
}

/** A typed value read back as the document holds it; an instant is read in `timeZone`. */
export function readValue(kind: FieldKind, raw: string, timeZone: string): FieldRead {
  const text = raw.trim();
  switch (kind) {
    case 'checkbox':
      return { ok: true, value: text !== '' };
    case 'lines':
      return {
        ok: true,
        value: raw
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      };
    case 'numbers':
      return readNumbers(text);
    case 'integer':
    case 'money':
      return readNumber(text, kind);
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? { ok: true, value: text } : { ok: false, message: 'Enter a date.' };
    case 'instant':
      if (!text) return { ok: false, message: 'Enter a date and time.' };
      return LOCAL_DATE_TIME.test(text)
        ? { ok: true, value: localDateTimeToOffsetInstant(text, timeZone) }
        : { ok: false, message: 'Pick a date and time, e.g. 2025-07-30 10:00.' };
    case 'email':
      return !text || isEmailAddress(text)
        ? { ok: true, value: text }
        : { ok: false, message: 'Enter an e-mail address such as support@example.com.' };
    case 'text':
    case 'textarea':
    case 'url':
    case 'choice':
    case 'image':
      return { ok: true, value: text };
  }
}
