import type { APIRoute } from 'astro';
import { fetchSpeakers } from '../../server/content/fetch-speakers.ts';
import { getDatabase } from '../../server/db/index.ts';
import { jsonError, jsonText } from '../../server/http/responses.ts';

export const GET: APIRoute = async ({ url }) => {
  const { db } = await getDatabase();
  const answer = await fetchSpeakers(db, url.searchParams);
  return answer.ok ? jsonText(200, answer.body, answer.cacheControl) : jsonError(answer.status, answer.error);
};
