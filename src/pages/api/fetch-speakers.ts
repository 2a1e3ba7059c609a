import type { APIRoute } from 'astro';
import { fetchSpeakers } from '../../server/people/fetch-speakers-api.ts';
import { getDatabase } from '../../server/db/index.ts';
import { jsonError, jsonText, sharePublicly } from '../../server/http/responses.ts';

export const GET: APIRoute = async ({ url, cache }) => {
  const { db } = await getDatabase();
  const answer = await fetchSpeakers(db, url.searchParams);
  if (!answer.ok) return jsonError(answer.status, answer.error);
  const response = jsonText(200, answer.body);
  sharePublicly(cache, response.headers, answer.window.maxAge, answer.window.stale);
  return response;
};
