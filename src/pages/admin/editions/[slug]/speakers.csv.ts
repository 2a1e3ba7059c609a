/** GET /admin/editions/{slug}/speakers.csv: the edition's speakers as CSV (a download). */
import type { APIRoute } from 'astro';
import { exportSpeakersCsv, speakersFileName } from '../../../../server/people/speakers-csv.ts';
import { getDatabase } from '../../../../server/db/index.ts';

export const GET: APIRoute = async ({ params, rewrite }) => {
  const slug = params.slug ?? '';
  const text = await exportSpeakersCsv((await getDatabase()).db, slug);
  if (text === null) return rewrite('/404');
  return new Response(text, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${speakersFileName(slug)}"`,
    },
  });
};
