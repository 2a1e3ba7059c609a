/** GET /admin/editions/{slug}/rehearsal.json: the rehearsal the query asks for, as a JSON download (decision 0077). */
import type { APIRoute } from 'astro';
import { getDatabase } from '../../../../server/db/index.ts';
import { rehearsalFor } from '../../../../server/rehearsal/rehearsal-screen.ts';

export const GET: APIRoute = async ({ params, url, rewrite }) => {
  const slug = params.slug ?? '';
  const answer = await rehearsalFor((await getDatabase()).db, { slug, url });
  if (answer.kind === 'not-found') return rewrite('/404');
  if (answer.kind === 'refused') return Response.json({ error: answer.message }, { status: 422, headers: { 'cache-control': 'no-store' } });
  return new Response(JSON.stringify(answer.report, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="rehearsal-${slug}.json"`,
      'cache-control': 'no-store',
    },
  });
};
