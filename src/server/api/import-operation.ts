/**
 * POST /api/v1/registrants/import (docs/decisions/0062, 0076): a CSV of registrants, imported as
 * Admin → Registrants → Import does (src/server/registrants/registrant-import.ts), or only
 * reported with dry_run=true. A small file is answered when done; a longer one answers 202 at
 * once and is followed at GET /api/v1/imports/{id}. A token of one edition imports into that
 * edition only, and sees only its edition's imports.
 */
import type { z } from 'zod';
import {
  IMPORT_ANSWER_DESCRIPTION,
  importBodyDescription,
  importParams,
  importQuery,
  importReportBody,
  importReportSchema,
  importStatusSchema,
} from '../../domain/api/import-schemas.ts';
import { noQuery } from '../../domain/api/schemas.ts';
import { IMPORT_ANSWER_AT_ONCE_ROWS } from '../../domain/registrants/import-limits.ts';
import { linkOrigin } from '../http/request-origin.ts';
import { readImportJob, type ImportJobView } from '../registrants/import-jobs.ts';
import { ImportRefusal } from '../registrants/import-refusal.ts';
import type { StagedUpload } from '../registrants/import-upload.ts';
import { dryRunImport } from '../registrants/import-read.ts';
import { startImport, type ImportRequest } from '../registrants/registrant-import.ts';
import { ApiProblem, defineOperation, type ApiCall } from './operation.ts';
import { tokenActor } from './registrant-writes.ts';
import { editionOfToken } from './scope.ts';

const registrantsOf = (importId: number) => `${linkOrigin()}/api/v1/registrants?import=${importId}`;

function statusBody(job: ImportJobView): z.input<typeof importStatusSchema> {
  return {
    id: job.id,
    status: job.status,
    rows_total: job.rowsTotal,
    rows_done: job.rowsDone,
    committed_through_row: job.committedThroughRow,
    added: job.added,
    updated: job.updated,
    unchanged: job.unchanged,
    refused: job.refused,
    error: job.error,
    started_at: job.startedAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
    status_url: `${linkOrigin()}/api/v1/imports/${job.id}`,
    registrants: registrantsOf(job.id),
    report: job.report ? importReportBody(job.report, { importId: job.id, registrants: registrantsOf(job.id) }) : null,
  };
}

async function runImport(request: ImportRequest & { lockKey: string }) {
  if (request.dryRun) return { status: 200, body: importReportBody(await dryRunImport(request)) };
  const started = await startImport(request);
  if (started.rows > IMPORT_ANSWER_AT_ONCE_ROWS) {
    const job = await readImportJob(request.db, started.id);
    return { status: 202, body: statusBody(job!) };
  }
  const report = await started.finished;
  return { status: 200, body: importReportBody(report, { importId: started.id, registrants: registrantsOf(started.id) }) };
}

export const importRegistrantsOperation = defineOperation({
  operationId: 'importRegistrants',
  method: 'POST',
  path: '/registrants/import',
  summary: 'Import registrants from a CSV file (or only see what it would do)',
  description: `Rows are matched by e-mail within their edition: a new address is added, a known one has its name, consent and pass updated, and never a second registrant. Importing the same file again changes nothing. Refused rows are listed with their reason and skipped; a file refused whole (not CSV, too large, too many rows) changes nothing. No e-mail is sent unless send_email=true. ${IMPORT_ANSWER_DESCRIPTION} One import per edition at a time: another answers 409 while it runs.`,
  write: true,
  params: noQuery,
  query: importQuery,
  csvBody: importBodyDescription,
  responses: {
    200: { description: 'What was imported, or with dry_run=true what would be, row by row', schema: importReportSchema },
    202: { description: 'A long file: imported in the background; follow status_url', schema: importStatusSchema },
  },
  async run(call) {
    const { handle, token, query, now } = call;
    const upload = (call as ApiCall<unknown, unknown, unknown>).body as StagedUpload;
    const edition = query.edition
      ? await editionOfToken(handle.db, { token, slug: query.edition, pointer: '#/query/edition', write: true })
      : null;
    try {
      return await runImport({
        db: handle.db,
        file: upload.path,
        defaultEdition: edition?.slug ?? null,
        onlyEditionId: token.editionId,
        lockKey: edition?.slug ?? token.editionSlug ?? '*',
        dryRun: query.dry_run,
        sendEmail: query.send_email,
        eachRow: query.each_row,
        now,
        actor: tokenActor(token),
      });
    } catch (error) {
      if (error instanceof ImportRefusal) throw new ApiProblem(error.status, error.message);
      throw error;
    }
  },
});

export const importStatusOperation = defineOperation({
  operationId: 'importStatus',
  method: 'GET',
  path: '/imports/{id}',
  summary: 'An import’s progress and, when done, its answer',
  write: false,
  params: importParams,
  query: noQuery,
  responses: { 200: { description: 'The import as it stands', schema: importStatusSchema } },
  async run({ handle, token, params }) {
    const job = await readImportJob(handle.db, params.id);
    // A token of one edition sees that edition's imports only.
    if (!job || (token.editionSlug !== null && job.lockKey !== token.editionSlug)) throw new ApiProblem(404, 'No import has this id.');
    return { status: 200, body: statusBody(job) };
  },
});
