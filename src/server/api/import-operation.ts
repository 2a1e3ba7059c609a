/**
 * POST /api/v1/registrants/import (docs/decisions/0062): a CSV of registrants, imported as
 * Admin → Registrants → Import does (src/server/registrants/registrant-import.ts), or only
 * reported with dry_run=true. A token of one edition imports into that edition only.
 */
import { importBodyDescription, importQuery, importReportBody, importReportSchema } from '../../domain/api/import-schemas.ts';
import { noQuery } from '../../domain/api/schemas.ts';
import { ImportRefusal } from '../registrants/import-refusal.ts';
import type { StagedUpload } from '../registrants/import-upload.ts';
import { importRegistrants } from '../registrants/registrant-import.ts';
import { ApiProblem, defineOperation, type ApiCall } from './operation.ts';
import { tokenActor } from './registrant-writes.ts';
import { editionOfToken } from './scope.ts';

export const importRegistrantsOperation = defineOperation({
  operationId: 'importRegistrants',
  method: 'POST',
  path: '/registrants/import',
  summary: 'Import registrants from a CSV file (or only see what it would do)',
  description:
    'Rows are matched by e-mail within their edition: a new address is added, a known one has its name, consent and pass updated, and never a second registrant. Importing the same file again changes nothing. Refused rows are listed with their reason and skipped; a file refused whole (not CSV, too large, too many rows) changes nothing. No e-mail is sent unless send_email=true.',
  write: true,
  params: noQuery,
  query: importQuery,
  csvBody: importBodyDescription,
  responses: {
    200: { description: 'What was imported, or with dry_run=true what would be, row by row', schema: importReportSchema },
  },
  async run(call) {
    const { handle, token, query, now } = call;
    const upload = (call as ApiCall<unknown, unknown, unknown>).body as StagedUpload;
    const edition = query.edition
      ? await editionOfToken(handle.db, { token, slug: query.edition, pointer: '#/query/edition', write: true })
      : null;
    try {
      const report = await importRegistrants({
        db: handle.db,
        file: upload.path,
        defaultEdition: edition?.slug ?? null,
        onlyEditionId: token.editionId,
        dryRun: query.dry_run,
        sendEmail: query.send_email,
        now,
        actor: tokenActor(token),
      });
      return { status: 200, body: importReportBody(report) };
    } catch (error) {
      if (error instanceof ImportRefusal) throw new ApiProblem(error.status, error.message);
      throw error;
    }
  },
});
