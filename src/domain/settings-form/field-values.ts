/**
 * One settings field's value between the document and the form: shown as the text its control
 * holds, and read back from what was typed, with a plain message when it cannot be.
 */
import { isEmailAddress } from '../email-address.ts';
import { LOCAL_DATE_TIME, instantToLocalDateTime, localDateTimeToOffsetInstant } from '../edition-dates/zoned-time.ts';
import type { FieldKind } from '../form-fields.ts';
import { fractionDigits, majorAmount, parseMajorAmount } from '../money.ts';

export type FieldRead = { ok: true; value: unknown } | { ok: false; message: string };

/** What reading a field depends on: instants are in the edition's time zone, amounts in its currency. */
export interface FieldContext {
  timeZone: string;
  /** ISO 4217, lower-case ("usd"). */
  currency: string;
}

/** The text a control of this kind holds for a stored value; an amount (minor units) in major units ("197.00"). */
export function showValue(kind: FieldKind, value: unknown, { timeZone, currency }: FieldContext): string {
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
    case 'money':
      return typeof value === 'number' ? majorAmount(value, currency) : String(value);
    case 'integer':
    case 'date':
    case 'choice':
    case 'image':
      return String(value);
  }
}

const WHOLE = /^\d{1,9}$/;

function readInteger(text: string): FieldRead {
  if (!text) return { ok: false, message: 'Enter a number.' };
  return WHOLE.test(text) ? { ok: true, value: Number(text) } : { ok: false, message: 'Enter a whole number, 0 or more.' };
}

/** A typed major amount ("197", "197.00") in minor units of `currency`, or what is wrong with it. */
export function readAmount(text: string, currency: string): FieldRead {
  const code = currency.toUpperCase();
  const digits = fractionDigits(currency);
  const example = digits === 0 ? '197' : `197 or 197.${'0'.repeat(digits)}`;
  if (!text) return { ok: false, message: `Enter an amount in ${code}, such as ${example}.` };
  if (/^-/.test(text)) return { ok: false, message: `Enter an amount of 0 or more in ${code}, such as ${example}.` };
  const amount = parseMajorAmount(text, currency);
  if (amount !== null) return { ok: true, value: amount };
  if (/^[\d,]+\.\d+$/.test(text))
    return {
      ok: false,
      message: digits === 0 ? `${code} has no decimals: enter ${example}.` : `${code} takes at most ${digits} digits after the point.`,
    };
  return { ok: false, message: `Enter an amount in ${code}, such as ${example}.` };
}

function readNumbers(text: string): FieldRead {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  return parts.every((part) => WHOLE.test(part))
    ? { ok: true, value: parts.map(Number) }
    : { ok: false, message: 'Enter whole numbers separated by commas, e.g. 1, 2, 3.' };
}

/** A typed value read back as the document holds it; an instant is read in the time zone, an amount in the currency. */
export function readValue(kind: FieldKind, raw: string, { timeZone, currency }: FieldContext): FieldRead {
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
      return readInteger(text);
    case 'money':
      return readAmount(text, currency);
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
