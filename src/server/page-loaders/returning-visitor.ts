/**
 * The hot path of personal pages, before Astro: a returning visitor (their cookie names a first
 * visit this process has recorded) on a day page or dashboard whose shell is kept gets the shell
 * filled with their banner, with no database access and no page render. Anything else (a new
 * visitor, a closed window, a shell not kept yet, a trailing slash) returns false and goes on to
 * the Astro page (src/pages/[...summit]/), which does the same with a database and keeps the shell.
 * It serves anonymous visitors of `open` editions only: a request carrying a registrant cookie
 * (a signed-in registrant: their own page, their own windows) and any page of an edition in
 * `registrants` mode (a personal link is required) always go on to Astro, which checks them.
 * Measured in bench/RESULTS.md; why this sits outside Astro: docs/decisions/0014-route-cache.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie } from 'cookie';
import { pageTypeFor, type TimedPage } from '../../domain/edition.ts';
import { DEFAULT_SUMMIT } from '../../domain/summit-path.ts';
import { requestNow } from '../clock.ts';
import { loadEdition } from '../editions/edition-cache.ts';
import { getDatabase } from '../db/index.ts';
import { anonymousAccess } from '../access/page-access.ts';
import { REGISTRANT_COOKIE } from '../access/registrant-session.ts';
import { loadTimerConfig } from '../access/timed-access.ts';
import { knownBrowserFirstVisit } from '../access/visits.ts';
import { sessionIdSchema } from '../access/user-sessions.ts';
import { VISITOR_COOKIE } from '../access/visitor-cookie.ts';
import { filledPage, personalPart, shellContext } from './personal-page.ts';

/** /day-2, /august/day-2, /dashboard, /september/dashboard (as the Astro routes name them). */
const TIMED_PATH = /^\/(?:([a-z0-9-]+)\/)?(?:day-([123])|(dashboard))$/;

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

function requestUrl(req: IncomingMessage): URL | null {
  const host = header(req, 'host');
  if (!host || !req.url?.startsWith('/')) return null;
  try {
    return new URL(req.url, `${'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http'}://${host}`);
  } catch {
    return null;
  }
}

/**
 * The anonymous visitor's session id when their cookie holds a valid one (without it, Astro gives
 * them one); null as well when a registrant cookie is present, valid or not: Astro checks it.
 */
function anonymousSessionOf(req: IncomingMessage): string | null {
  const cookies = parseCookie(header(req, 'cookie') ?? '');
  if (cookies[REGISTRANT_COOKIE] !== undefined) return null;
  const sessionId = cookies[VISITOR_COOKIE];
  return sessionId && sessionIdSchema.safeParse(sessionId).success ? sessionId : null;
}

export async function serveReturningVisitor(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.method !== 'GET') return false;
  const url = requestUrl(req);
  const match = url && TIMED_PATH.exec(url.pathname);
  const sessionId = match && anonymousSessionOf(req);
  if (!url || !match || !sessionId) return false;
  const page: TimedPage = match[2] ? (`day${match[2]}` as TimedPage) : 'dashboard';
  const { db } = await getDatabase();
  const edition = await loadEdition(db, match[1] ?? DEFAULT_SUMMIT);
  // A `registrants` edition needs a personal link: never answered from an anonymous memory.
  if (!edition || edition.accessMode !== 'open') return false;
  const config = await loadTimerConfig(db, edition.id, page);
  const now = requestNow({ headers: { get: (name) => header(req, name) } });

  let firstVisit = now;
  if (config) {
    const known = knownBrowserFirstVisit(sessionId, pageTypeFor(edition.slug, page));
    if (!known) return false;
    firstVisit = known;
  }
  // The same access rule as the Astro page (src/server/access/page-access.ts), as an anonymous viewer.
  const open = anonymousAccess(edition, page, config, firstVisit, now, url);
  if (!open) return false;
  const { access, hostContext } = open;

  const dayLabel = match[2] ? `Day ${match[2]}` : 'Dashboard';
  const personal = personalPart(shellContext(url, header(req, 'x-forwarded-proto'), access, hostContext), access, now, dayLabel, url.pathname);
  const filled = filledPage(personal);
  if (!filled) return false;
  res.writeHead(filled.status, [...filled.headers.flat(), 'content-length', String(filled.length)]);
  // One buffer of bytes already encoded (a copy of the shell costs far less than encoding it).
  res.end(Buffer.concat(filled.chunks, filled.length));
  return true;
}
