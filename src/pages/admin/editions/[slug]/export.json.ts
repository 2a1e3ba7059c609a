/** GET /admin/editions/{slug}/export.json: the whole edition as a versioned JSON document (a download). */
import type { APIRoute } from 'astro';
import { editionFileName, exportEditionJson } from '../../../../server/editions/edition-transfer.ts';
import { getDatabase } from '../../../../server/db/index.ts';

export const GET: APIRoute = async ({ params, rewrite }) => {
  const slug = params.slug ?? '';
  const text = await exportEditionJson((await getDatabase()).db, slug);
  if (text === null) return rewrite('/404');
  return new Response(text, {
    status: 200,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${editionFileName(slug)}"`,
    },
  });
};
