/** GET /admin/editions/{slug}/speakers.csv: the edition's speakers as CSV (a download). */
import { exportSpeakersCsv, speakersFileName } from '../../../../server/people/speakers-csv.ts';
import { editionDownloadRoute } from '../../../../server/editions/edition-download.ts';

export const GET = editionDownloadRoute({ read: exportSpeakersCsv, contentType: 'text/csv; charset=utf-8', fileName: speakersFileName });
