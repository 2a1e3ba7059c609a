/** GET /admin/registrants.csv?edition={slug}[&q=…]: every matching registrant of the edition. */
import type { APIRoute } from 'astro';
import { parseRegistrantsQuery } from '../../server/registrants/registrant-admin.ts';
import { registrantsCsv, registrantsCsvFileName, registrantsCsvResponse } from '../../server/registrants/registrant-list.ts';
import { requestNow } from '../../server/clock.ts';
import { readEdition } from '../../server/editions/read-edition.ts';
import { getDatabase } from '../../server/db/index.ts';

export const GET: APIRoute = async ({ url, request, rewrite }) => {
  const { db } = await getDatabase();
  const edition = await readEdition(db, url.searchParams.get('edition') ?? '', { fresh: true });
  if (!edition) return rewrite('/404');
  const { query, errors } = parseRegistrantsQuery(url.searchParams);
  // The export holds every page, so only the search matters.
  if (errors.q) return new Response(`${errors.q}\n`, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const csv = await registrantsCsv(db, edition.id, query.q);
  return registrantsCsvResponse(csv, registrantsCsvFileName(edition.slug, requestNow(request)));
};
