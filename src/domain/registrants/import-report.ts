/**
 * What an import did, or would do in its dry run (docs/decisions/0062): the totals, and rows one by
 * one: the first rows of every kind, then only the refused ones, so a long file's report stays
 * small and still shows every reason to correct (up to IMPORT_REPORT_ROWS).
 */
import { IMPORT_REPORT_FIRST_ROWS, IMPORT_REPORT_ROWS } from './import-limits.ts';

export type RowOutcome = 'added' | 'updated' | 'unchanged' | 'refused';

export interface ReportedRow {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  email: string;
  edition: string;
  outcome: RowOutcome;
  /** What an update changes: name, consent, pass. */
  changes: string[];
  reason: string | null;
}

export interface ImportReport {
  dryRun: boolean;
  rows: number;
  added: number;
  updated: number;
  unchanged: number;
  refused: number;
  emailsQueued: number;
  listed: ReportedRow[];
  /** false: more rows than listed (the totals count them all). */
  complete: boolean;
}

export function emptyReport(dryRun: boolean): ImportReport {
  return { dryRun, rows: 0, added: 0, updated: 0, unchanged: 0, refused: 0, emailsQueued: 0, listed: [], complete: true };
}

/** Counts a row and lists it while the report has room for it. */
export function noteRow(report: ImportReport, row: ReportedRow): void {
  report.rows += 1;
  report[row.outcome] += 1;
  const room = report.listed.length < IMPORT_REPORT_ROWS;
  if (room && (report.listed.length < IMPORT_REPORT_FIRST_ROWS || row.outcome === 'refused')) report.listed.push(row);
  else report.complete = false;
}
