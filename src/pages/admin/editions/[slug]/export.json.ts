/** GET /admin/editions/{slug}/export.json: the whole edition as a versioned JSON document (a download). */
import { editionFileName, exportEditionJson } from '../../../../server/editions/edition-transfer.ts';
import { editionDownloadRoute } from '../../../../server/editions/edition-download.ts';

export const GET = editionDownloadRoute({
  read: exportEditionJson,
  contentType: 'application/json; charset=utf-8',
  fileName: editionFileName,
});
