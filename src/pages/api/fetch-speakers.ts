import type { APIRoute } from 'astro';
import { bundledSpeakersAnswer, fetchSpeakers } from '../../server/people/fetch-speakers-api.ts';
import { getDatabase } from '../../server/db/index.ts';
import { jsonError, jsonText, SERVED_STALE_HEADER, sharePublicly } from '../../server/http/responses.ts';
import { log } from '../../server/log.ts';

export const GET: APIRoute = async ({ url, cache, locals }) => {
  let answer: Awaited<ReturnType<typeof fetchSpeakers>>;
  try {
    const { db } = await getDatabase();
    answer = await fetchSpeakers(db, url.searchParams);
  } catch (error) {
    // The database cannot be read. The route cache answers its last good copy when it has one
    // (decision 0022); else the default edition's speakers come from the bundled list.
    const fallback = bundledSpeakersAnswer(url.searchParams, locals.config.SPEAKERS_FALLBACK);
    if (!fallback) throw error;
    log.warn({ err: error }, 'content API: the database cannot be read; answering the bundled speakers');
    const response = jsonText(200, fallback);
    response.headers.set(SERVED_STALE_HEADER, 'bundled fallback speakers');
    return response;
  }
  if (!answer.ok) return jsonError(answer.status, answer.error);
  const response = jsonText(200, answer.body);
  sharePublicly(cache, response.headers, answer.window.maxAge, answer.window.stale);
  return response;
};
