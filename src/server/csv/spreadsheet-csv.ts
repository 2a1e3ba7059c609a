/**
 * The one CSV cell policy of every export (speakers, registrants) and import (speakers). A
 * spreadsheet runs a cell that starts with =, +, -, @, a tab or a carriage return (or their
 * full-width forms) as a formula (CSV injection). It does the same after a separator it splits
 * on: `;=1+1` in a comma-separated file is one text cell here but two cells, the second a
 * formula, in a spreadsheet that reads semicolon-separated files. So at the start of a cell and
 * after every , ; | or tab, a formula start gets a leading quote, which spreadsheets read as "text".
 * Quotes already there before a formula start get one more, so importing the file again takes
 * exactly one off and gives back the original text.
 */
import { stringify } from 'csv-stringify/sync';

const SEPARATOR_BEFORE = /(?<=^|[,;|\t])/.source;
const FORMULA_START = '[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]';

const UNPROTECTED = new RegExp(`${SEPARATOR_BEFORE}(?='*${FORMULA_START})`, 'g');
const PROTECTED = new RegExp(`${SEPARATOR_BEFORE}'(?='*${FORMULA_START})`, 'g');

/** The cell as it is written: every formula start (at the start or after a separator) quoted. */
export function protectCell(value: string): string {
  return value.replace(UNPROTECTED, "'");
}

/** The cell as it was before protectCell: one quote fewer before every formula start. */
export function unprotectCell(value: string): string {
  return value.replace(PROTECTED, '');
}

/**
 * A CSV file for spreadsheets: a UTF-8 byte order mark first (so Excel reads the file as UTF-8,
 * not the system code page), a header row, and every cell protected.
 */
export function spreadsheetCsv<Column extends string>(columns: readonly Column[], rows: readonly Record<Column, string>[]): string {
  const cells = rows.map((row) => Object.fromEntries(columns.map((column) => [column, protectCell(row[column])])));
  return `\uFEFF${stringify(cells, { header: true, columns: [...columns] })}`;
}

/** A CSV file as a download: never cached (exports hold personal data), named by `fileName`. */
export function csvDownload(csv: string, fileName: string): Response {
  return new Response(csv, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
  });
}
