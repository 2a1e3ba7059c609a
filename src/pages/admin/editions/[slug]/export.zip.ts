/** GET /admin/editions/{slug}/export.zip: the edition archive, the whole edition with its episodes' audio (a download). */
import { editionArchiveName, exportEditionArchive } from '../../../../server/editions/edition-archive.ts';
import { editionDownloadRoute } from '../../../../server/editions/edition-download.ts';

export const GET = editionDownloadRoute({
  read: exportEditionArchive,
  contentType: 'application/zip',
  fileName: editionArchiveName,
});
