/**
 * GET|HEAD /listen/{episode}.{ext} and /listen/{episode}: the audio a day page or the dashboard
 * plays in the browser's own player (decision 0020). The pages are cached
 * shells shared by many visitors, so the link holds nothing personal: the one access rule decides
 * for the visitor behind the request (their registrant or browser session cookie, never a new one),
 * as the page does. A kept file is streamed; audio kept elsewhere is a 302 to its URL. Each
 * answer is noted for the listening count (src/server/listening/): the signed-in registrant is the
 * listener, else the visitor's browser session, whatever user agent it sends.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie } from 'cookie';
import type { Edition, TimedPage } from '../../domain/edition.ts';
import type { Database } from '../db/client.ts';
import { checkPageAccess, holdsFullDashboard } from '../access/page-access.ts';
import { signedInRegistrant, type CookieReader } from '../access/registrant-session.ts';
import { sessionIdSchema } from '../access/user-sessions.ts';
import { VISITOR_COOKIE } from '../access/visitor-cookie.ts';
import { getDatabase } from '../db/index.ts';
import { isAudioKey } from '../episodes/audio-store.ts';
import { findEpisodeById } from '../episodes/episodes.ts';
import { readEdition } from '../editions/read-edition.ts';
import { answerText, nowOf, redirectToAudio, streamAudio, type ListenedAudio } from './audio-answers.ts';

/** A listen request's episode and the edition it belongs to, or null when there is no such audio. */
async function listenedEpisode(db: Database, episodeId: number, extension: string | undefined) {
  const episode = await findEpisodeById(db, episodeId);
  if (!episode) return null;
  const kept = episode.audioKey !== null && isAudioKey(episode.audioKey) && episode.audioKey.split('.').pop() === extension;
  const elsewhere = episode.externalUrl !== null && extension === undefined;
  if (!kept && !elsewhere) return null;
  const edition = await readEdition(db, { id: episode.editionId });
  return edition ? { episode, edition } : null;
}

/**
 * Whether this visitor may hear the day now, by the one access rule, as the pages decide it
 * (src/domain/access/listening.ts): the day page's own answer, or, once the day page's window
 * is over, the full dashboard they hold (it keeps every day that has begun). A day that has not
 * opened for them, or is not theirs to hear, is refused (403); one that is over for them, 410.
 */
async function listenVerdict(
  db: Database,
  req: IncomingMessage,
  { edition, day }: { edition: Edition; day: number },
): Promise<{ status: 200 | 403 | 410; registrantId: number | null; visitorSession: string | null }> {
  const cookies = parseCookie(String(req.headers.cookie ?? ''));
  const cookieReader: CookieReader = { get: (name) => (cookies[name] === undefined ? undefined : { value: cookies[name] as string }) };
  const parsed = sessionIdSchema.safeParse(cookies[VISITOR_COOKIE]);
  const sessionId = parsed.success ? parsed.data : null;
  const now = nowOf(req);
  const dayAccess = await checkPageAccess(db, {
    edition,
    page: `day${day}` as TimedPage,
    now,
    pageUrl: new URL(`/${edition.slug}/day-${day}`, 'http://localhost'),
    cookies: cookieReader,
    // The browser's own session, never a new one.
    anonymousSession: async () => sessionId,
  });
  const refused = (status: 403 | 410) => ({ status, registrantId: null, visitorSession: null });
  // A visitor with no window of their own (no session, not signed in) has nothing to hear.
  if (dayAccess.kind === 'open' && !dayAccess.registrant && !sessionId) return refused(403);
  if (dayAccess.kind === 'open')
    return dayAccess.listening.kind === 'open'
      ? { status: 200, registrantId: dayAccess.registrant?.id ?? null, visitorSession: sessionId }
      : refused(403);
  if (dayAccess.why !== 'over') return refused(403);
  // The day page's window is over; the full dashboard they hold keeps every day that has begun.
  if (!(await holdsFullDashboard(db, { edition, cookies: cookieReader, sessionId, now }))) return refused(410);
  const registrant = await signedInRegistrant(db, cookieReader);
  return { status: 200, registrantId: registrant?.editionId === edition.id ? registrant.id : null, visitorSession: sessionId };
}

export async function serveListen({
  req,
  res,
  episodeId,
  extension,
}: {
  req: IncomingMessage;
  res: ServerResponse;
  episodeId: number;
  extension: string | undefined;
}): Promise<void> {
  const { db } = await getDatabase();
  const found = await listenedEpisode(db, episodeId, extension);
  if (!found) return answerText(res, 404);
  const { episode, edition } = found;
  const verdict = await listenVerdict(db, req, { edition, day: episode.day });
  if (verdict.status !== 200) return answerText(res, verdict.status);
  // The sign-in cookie names the registrant; a visitor's browser its session (decision 0037).
  const { registrantId, visitorSession } = verdict;
  const listened: ListenedAudio = { episode, route: 'listen', registrantId, visitorSession };
  if (episode.externalUrl) return redirectToAudio(req, res, { url: episode.externalUrl, listened });
  streamAudio({ req, res, storedKey: episode.audioKey as string, contentType: episode.contentType, listened });
}
