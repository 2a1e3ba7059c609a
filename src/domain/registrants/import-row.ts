/**
 * One row of a registrant import (docs/decisions/0062): the header's columns, found by name in any
 * case, and each row read into what it asks for, or the reason it is refused. No I/O here: the
 * server (src/server/registrants/import-read.ts) matches rows to registrants and writes.
 *
 * Cells that a spreadsheet would run as a formula (=, +, -, @ first) are refused; the same text
 * behind the leading quote the site's own CSV export adds is taken as the text it protects, so an
 * exported file imports back as it was (src/server/csv/spreadsheet-csv.ts does the same for speakers).
 */
import { EMAIL_CONTROL_MESSAGE, hasControlCharacter, isEmailAddress, MAX_EMAIL_ADDRESS_LENGTH } from '../email-address.ts';
import { MAX_FIRST_NAME, oneLineName } from '../one-line-name.ts';
import { isPassKind, type PassKind } from '../passes.ts';
import { withoutNul } from '../without-nul.ts';

export const IMPORT_COLUMNS = ['email', 'name', 'edition', 'consent', 'pass', 'registered_at'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['email', 'name'];

/** Where each known column is in the file's rows; other columns are ignored. */
export type ImportHeader = Partial<Record<ImportColumn, number>>;

export type HeaderReading = { ok: true; header: ImportHeader } | { ok: false; message: string };

export function readImportHeader(cells: readonly string[]): HeaderReading {
  const header: ImportHeader = {};
  cells.forEach((cell, index) => {
    const name = cell
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    const column = IMPORT_COLUMNS.find((known) => known === name);
    if (column && header[column] === undefined) header[column] = index;
  });
  const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => header[column] === undefined);
  if (missing.length) {
    return {
      ok: false,
      message: `The first row must name the columns; ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing. The columns: ${IMPORT_COLUMNS.join(', ')}.`,
    };
  }
  return { ok: true, header };
}

/** What a row asks for. consent null: the file does not say (a new registrant gets no marketing; a known one keeps theirs). */
export interface ImportRow {
  email: string;
  name: string;
  /** null: the import's own edition (the admin page's, or the API's `edition` query). */
  edition: string | null;
  consent: boolean | null;
  pass: PassKind | null;
  registeredAt: Date | null;
}

export type RowReading = { ok: true; row: ImportRow } | { ok: false; reason: string };

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const CONSENT: Record<string, boolean> = { yes: true, true: true, '1': true, no: false, false: false, '0': false };
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

class Refusal extends Error {}

/**
 * The cell's text, trimmed first (a spreadsheet reads ` =1+1` as a formula too, and the site would
 * store it trimmed): the export's protecting quote taken off; a bare formula start refused. NUL is
 * dropped from every cell but the address, where it is refused (readImportRow).
 */
function cellText(cells: readonly string[], index: number | undefined, column: ImportColumn): string {
  const raw = index === undefined ? '' : (cells[index] ?? '');
  const text = (column === 'email' ? raw : withoutNul(raw)).trim();
  if (FORMULA_START.test(text)) {
    throw new Refusal(`The ${column} cell starts like a spreadsheet formula (=, +, -, @); start it with ' to keep it as text.`);
  }
  return text.replace(/^'(?='*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/, '');
}

function readDate(text: string, now: Date): Date | null {
  if (!text) return null;
  if (!DATE_ONLY.test(text) && !DATE_TIME.test(text)) {
    throw new Refusal(`registered_at “${text.slice(0, 40)}” is not an ISO date (2026-03-01 or 2026-03-01T09:30:00Z).`);
  }
  const date = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text.replace(' ', 'T'));
  // Date parses 2026-02-30 as 2 March: the calendar day must be one that exists.
  const day = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text.slice(0, 10)) {
    throw new Refusal(`registered_at “${text}” is not a date.`);
  }
  if (date.getTime() > now.getTime()) throw new Refusal(`registered_at ${text} is in the future.`);
  return date;
}

export function readImportRow(cells: readonly string[], { header, now }: { header: ImportHeader; now: Date }): RowReading {
  try {
    const email = cellText(cells, header.email, 'email').toLowerCase();
    if (!email) throw new Refusal('No e-mail address.');
    if (hasControlCharacter(email)) throw new Refusal(EMAIL_CONTROL_MESSAGE);
    if (email.length > MAX_EMAIL_ADDRESS_LENGTH || !isEmailAddress(email))
      throw new Refusal(`“${email.slice(0, 80)}” is not an e-mail address.`);
    const name = oneLineName(cellText(cells, header.name, 'name'));
    if (!name) throw new Refusal('No name.');
    if (name.length > MAX_FIRST_NAME) throw new Refusal(`The name is longer than ${MAX_FIRST_NAME} characters.`);
    const edition = cellText(cells, header.edition, 'edition').toLowerCase() || null;
    const consentText = cellText(cells, header.consent, 'consent').toLowerCase();
    const consent = consentText === '' ? null : CONSENT[consentText];
    if (consent === undefined) throw new Refusal(`consent “${consentText.slice(0, 20)}” is not one of yes, no, true, false, 1, 0.`);
    const passText = cellText(cells, header.pass, 'pass').toLowerCase();
    if (passText && !isPassKind(passText)) throw new Refusal(`pass “${passText.slice(0, 20)}” is not replay or aap (or empty).`);
    const registeredAt = readDate(cellText(cells, header.registered_at, 'registered_at'), now);
    return { ok: true, row: { email, name, edition, consent, pass: passText ? (passText as PassKind) : null, registeredAt } };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    throw error;
  }
}
