/** GET /your-data/download: the signed-in registrant's data as JSON; src/server/registrant-data/your-data-pages.ts. */
import type { APIRoute } from 'astro';
import { getDatabase } from '../../server/db/index.ts';
import { answerDataDownload } from '../../server/registrant-data/your-data-pages.ts';

export const GET: APIRoute = async ({ cookies }) => answerDataDownload(await getDatabase(), { cookies });
