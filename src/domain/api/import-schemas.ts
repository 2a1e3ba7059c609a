/**
 * The schemas of POST /api/v1/registrants/import (docs/decisions/0062): its query and its report,
 * which validate the request and make the OpenAPI document as the other operations' do.
 */
import { z } from 'zod';
import { editionSlugSchema } from '../edition.ts';
import { IMPORT_COLUMNS } from '../registrants/import-row.ts';
import { IMPORT_ANSWER_AT_ONCE_ROWS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../registrants/import-limits.ts';
import type { ImportReport } from '../registrants/import-report.ts';

const flag = (description: string) =>
  z
    .enum(['true', 'false'], 'true or false.')
    .default('false')
    .transform((value) => value === 'true')
    .meta({ description });

export const importQuery = z.strictObject({
  dry_run: flag('true: answer the report without changing anything'),
  send_email: flag(
    'true: send the confirmation e-mail to new registrants (and the pass confirmation with a pass); by default none is sent',
  ),
  each_row: flag(
    'true: tell connected tools (webhooks, e-mail lists) about each row as its own registration.created or registrant.updated; by default the import sends one registrants.imported per edition when it is done',
  ),
  edition: editionSlugSchema.optional().meta({ description: 'The edition of rows whose edition cell is empty', example: 'july' }),
});

export const importBodyDescription = `CSV, UTF-8, at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB and ${MAX_IMPORT_ROWS.toLocaleString('en')} rows. The first row names the columns (any case): ${IMPORT_COLUMNS.join(', ')}; email and name are required. consent: yes, no, true, false, 1 or 0 (empty: not stated; a new registrant gets no marketing). pass: empty, replay or aap. registered_at: an ISO date or time. A cell starting with =, +, -, or @ is refused unless it starts with ' (as the site's own export writes it).`;

const reportedRow = z
  .object({
    row: z.number().int().meta({ description: 'The row as a spreadsheet numbers it: the header is row 1' }),
    email: z.string(),
    edition: z.string(),
    outcome: z.enum(['added', 'updated', 'unchanged', 'refused']),
    changes: z.array(z.enum(['name', 'consent', 'pass'])),
    reason: z.string().nullable().meta({ description: 'Why the row is refused' }),
  })
  .meta({ id: 'ImportRow' });

/** What an import did with its rows, in its report and in its status alike. */
const importCounts = {
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
};

export const importReportSchema = z
  .object({
    dry_run: z.boolean(),
    rows: z.number().int(),
    ...importCounts,
    emails_queued: z.number().int(),
    listed: z.array(reportedRow).meta({ description: 'The first 200 rows, then only refused ones, up to 1,000 in all' }),
    complete: z.boolean().meta({
      description:
        'false: more rows than listed. Every registrant the import added or changed is listed by `registrants`; the totals count every row',
    }),
    import_id: z.number().int().nullable().meta({ description: 'The import (null for a dry run)' }),
    registrants: z
      .string()
      .nullable()
      .meta({ description: 'The API listing of every registrant this import added or changed (null for a dry run)' }),
  })
  .meta({ id: 'ImportReport' });

const importStatuses = ['running', 'done', 'failed', 'stopped'] as const;

export const importStatusSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(importStatuses).meta({
      description:
        'running; done (`report` holds the answer); failed (`error` says why); stopped (the site stopped while it ran). Failed and stopped: the rows up to committed_through_row are in, the rest not',
    }),
    rows_total: z.number().int(),
    rows_done: z.number().int(),
    committed_through_row: z
      .number()
      .int()
      .meta({ description: 'Every row of the file up to this one (the header is row 1) is committed' }),
    ...importCounts,
    error: z.string().nullable(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
    status_url: z.string(),
    registrants: z.string().meta({ description: 'The API listing of every registrant this import added or changed so far' }),
    report: importReportSchema.nullable().meta({ description: 'When done: the answer a small import gets at once' }),
  })
  .meta({ id: 'ImportStatus' });

export const importParams = z.strictObject({ id: z.coerce.number().int().positive().meta({ type: 'integer' }) });

export const IMPORT_ANSWER_DESCRIPTION = `A file of at most ${IMPORT_ANSWER_AT_ONCE_ROWS.toLocaleString('en')} rows (and every dry run) is answered when done (200); a longer one is imported in the background and answered at once (202) with its status, whose status_url follows it.`;

export function importReportBody(
  report: ImportReport,
  links: { importId: number; registrants: string } | null = null,
): z.input<typeof importReportSchema> {
  return {
    import_id: links?.importId ?? null,
    registrants: links?.registrants ?? null,
    dry_run: report.dryRun,
    rows: report.rows,
    added: report.added,
    updated: report.updated,
    unchanged: report.unchanged,
    refused: report.refused,
    emails_queued: report.emailsQueued,
    listed: report.listed.map((row) => ({ ...row, changes: row.changes as ('name' | 'consent' | 'pass')[] })),
    complete: report.complete,
  };
}
