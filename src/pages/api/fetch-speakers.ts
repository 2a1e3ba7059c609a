import type { APIRoute } from 'astro';
import { answerDuringOutage, fetchSpeakers, type FetchSpeakersAnswer } from '../../server/people/fetch-speakers-api.ts';
import { getDatabase } from '../../server/db/index.ts';
import { jsonError, jsonText, serveUncachedFallback, sharePublicly } from '../../server/http/responses.ts';

export const GET: APIRoute = async ({ url, cache, locals }) => {
  let answer: FetchSpeakersAnswer;
  try {
    const { db } = await getDatabase();
    answer = await fetchSpeakers(db, url.searchParams, locals.config.SPEAKERS_FALLBACK);
  } catch (error) {
    // The database cannot be opened. The route cache answers its last good copy when it has one
    // (decision 0022); else the default edition's speakers come from the bundled list (0024), and
    // anything else is a 503 (src/middleware.ts).
    const fallback = answerDuringOutage(error, url.searchParams, locals.config.SPEAKERS_FALLBACK);
    if (!fallback) throw error;
    answer = fallback;
  }
  if (!answer.ok) return jsonError(answer.status, answer.error);
  const response = jsonText(200, answer.body);
  if ('servedStale' in answer) serveUncachedFallback(response.headers, answer.servedStale);
  else sharePublicly({ cache, headers: response.headers, maxAgeSeconds: answer.window.maxAge, staleSeconds: answer.window.stale });
  return response;
};
