/**
 * The hot path of personal pages, before Astro and before compression: a day page or dashboard
 * whose page is cached (src/server/page-loaders/cached-personal-pages.ts) is answered with the
 * visitor's own fields filled in, plain or gzip, with no page render, to anonymous visitors of an
 * `open` edition and to signed-in registrants of any edition (decision 0028).
 * - A signed-in registrant this process remembers (key, tier, first visit) is answered at once,
 *   with no database access and nothing awaited.
 * - A returning visitor (their cookie names a first visit this process has recorded) is answered
 *   at once, with no database access and nothing awaited.
 * - A new visitor (no cookie) gets a session: the per-client limit on new sessions is charged
 *   (answered from memory once the client is over it) and, when allowed, one row records their
 *   first visit and the cookie goes out; over the limit, nothing is recorded and the window counts
 *   from now, as on the Astro page.
 * Anything else (a registrant not remembered yet, an anonymous visitor of a `registrants`
 * edition, a closed window, an edition, timer or page not loaded yet, a trailing slash) returns false and goes on to the Astro page
 * (src/pages/[...summit]/), which does the same with a database, loads what was missing and
 * keeps the shell. Measured in bench/RESULTS.md; why this sits outside Astro: decision 0014.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie } from 'cookie';
import { pageTypeFor, type Edition, type TimedPage, type TimerConfig } from '../../domain/edition.ts';
import { requestNow } from '../clock.ts';
import { readEditionIfLoaded } from '../editions/read-edition.ts';
import { homeEditionSlugIfLoaded } from '../editions/home-edition.ts';
import { getDatabase } from '../db/index.ts';
import { accessFromMemory } from '../access/page-access.ts';
import { knownRegistrant, REGISTRANT_COOKIE } from '../access/registrant-session.ts';
import { loadedTimerConfig } from '../access/timer-configs.ts';
import { browserFirstVisit, knownBrowserFirstVisit, knownRegistrantFirstVisit } from '../access/visits.ts';
import { visitorRowLimiter } from '../access/visitor-limits.ts';
import { sessionIdSchema } from '../access/user-sessions.ts';
import { newVisitorSession, VISITOR_COOKIE } from '../access/visitor-cookie.ts';
import { header, headersOf, requestUrl } from '../http/node-request.ts';
import { boundedCache } from '../caching/bounded-cache.ts';
import { acceptedEncoding } from '../caching/accepted-encoding.ts';
import { assembledBody } from '../http/response-buffers.ts';
import { answersOverHttps, writeCompleteHead } from '../http/common-headers.ts';
import { clientAddress, isHttps, linkOrigin } from '../http/request-origin.ts';
import {
  cachedPage,
  pageChunks,
  personalPageOf,
  registrantShellViewer,
  type CachedPage,
  type PersonalPart,
} from './cached-personal-pages.ts';
import { registrantFieldsNow } from './registrant-fields.ts';
import type { Viewer } from '../../domain/access/access-rule.ts';
import type { RegistrantFields } from '../../domain/personal-page.ts';
import { pageDaysFromMemory } from '../access/day-listening.ts';

/** /day-2, /august/day-2, /dashboard, /september/dashboard (as the Astro routes name them). */
const TIMED_PATH = /^\/(?:([a-z0-9-]+)\/)?(?:day-([123])|(dashboard))$/;

/**
 * Who is asking: a returning anonymous visitor (their session id), a new one, a signed-in
 * registrant (their key, checked against what this process remembers), or someone Astro must check.
 */
type Visitor = { kind: 'returning'; sessionId: string } | { kind: 'new' } | { kind: 'registrant'; key: string } | { kind: 'other' };

function visitorOf(req: IncomingMessage): Visitor {
  const cookies = parseCookie(header(req, 'cookie') ?? '');
  const key = cookies[REGISTRANT_COOKIE];
  if (key !== undefined) return key ? { kind: 'registrant', key } : { kind: 'other' };
  const sessionId = cookies[VISITOR_COOKIE];
  if (sessionId === undefined) return { kind: 'new' };
  return sessionIdSchema.safeParse(sessionId).success ? { kind: 'returning', sessionId } : { kind: 'other' };
}

interface TimedRequest {
  url: URL;
  page: TimedPage;
  dayLabel: string;
  edition: Edition;
  timer: TimerConfig | null;
  now: Date;
}

/**
 * The URLs of timed pages already asked for, by Host and path: the same few pages are asked for
 * again and again, and parsing a URL was 6% of this path's JavaScript. Bounded like every cache
 * (a visitor choosing Hosts only turns its entries over); the URLs are only read.
 */
const timedPageUrls = boundedCache<{ url: Readonly<URL> | null }>({
  name: 'timed page URLs',
  maxEntries: 1_000,
  maxBytes: 2 * 1024 * 1024,
  sizeOf: () => 512,
});

function timedPageUrl(req: IncomingMessage, path: string): Readonly<URL> | null {
  const tls = 'encrypted' in req.socket && req.socket.encrypted === true;
  const key = `${tls ? 's' : ''}//${header(req, 'host') ?? ''}${path}`;
  const known = timedPageUrls.get(key);
  if (known) return known.url;
  const url = requestUrl(req);
  timedPageUrls.set(key, { url });
  return url;
}

/** The timed page this request asks for, when everything needed to answer it is loaded. */
function timedRequest(req: IncomingMessage): TimedRequest | null {
  if (req.method !== 'GET' || !req.url) return null;
  // The path as sent; one the router would read otherwise (dot segments, escapes) goes on to Astro.
  const query = req.url.indexOf('?');
  const path = query === -1 ? req.url : req.url.slice(0, query);
  const match = TIMED_PATH.exec(path);
  if (!match) return null;
  const url = timedPageUrl(req, req.url);
  if (!url) return null;
  const page: TimedPage = match[2] ? (`day${match[2]}` as TimedPage) : 'dashboard';
  // The unprefixed pages are the home page's edition's, once this process has read which it is.
  const slug = match[1] ?? homeEditionSlugIfLoaded();
  const edition = slug === undefined ? undefined : readEditionIfLoaded(slug);
  if (!edition) return null;
  const timer = loadedTimerConfig(edition.id, page);
  if (timer === undefined) return null;
  const dayLabel = match[2] ? `Day ${match[2]}` : 'Dashboard';
  return { url, page, dayLabel, edition, timer, now: requestNow(headersOf(req)) };
}

/** A signed-in registrant as the cached page needs them: the access rule's viewer, their shell's sharers and their own values. */
interface KnownRegistrant {
  viewer: Viewer;
  shellViewer: string;
  fields: RegistrantFields;
  /** Their own time zone, when known: their countdown and openings are written in it. */
  timeZone: string | null;
}

/** The cached page and this visitor's part of it, or null when the page is not open to them or not cached. */
function prepare({
  req,
  timed,
  firstVisit,
  registrant = null,
}: {
  req: IncomingMessage;
  timed: TimedRequest;
  firstVisit: Date;
  registrant?: KnownRegistrant | null;
}): { cached: CachedPage; personal: PersonalPart } | null {
  const { url, edition, page, timer, now } = timed;
  // The same access rule as the Astro page (src/server/access/page-access.ts).
  const viewer = registrant?.viewer ?? { kind: 'anonymous' };
  const open = accessFromMemory({ edition, page, viewer, timer, firstVisit, now, pageUrl: url });
  if (!open) return null;
  // Which days play now, and when the others open for this visitor (the page's opening fields).
  const days = pageDaysFromMemory({ edition, page, viewer, view: 'full', now, listening: open.listening });
  if (!days) return null;
  const personal = personalPageOf({
    url,
    forwardedProto: header(req, 'x-forwarded-proto'),
    access: open.access,
    hostContext: open.hostContext,
    viewer: registrant?.shellViewer ?? 'anonymous',
    days,
    edition,
    now,
    dayLabel: timed.dayLabel,
    registrant: registrant?.fields ?? null,
    readerZone: registrant?.timeZone ?? null,
  });
  const cached = cachedPage(personal);
  return cached ? { cached, personal } : null;
}

/**
 * A returning signed-in registrant, answered from what this process remembers: their key (with
 * tier and edition), their first visit of the page and their QR code; false when anything must
 * be read or checked (Astro does it, and remembers it for next time).
 */
function answerRegistrant({ req, res, timed }: { req: IncomingMessage; res: ServerResponse; timed: TimedRequest }, key: string): boolean {
  const registrant = knownRegistrant(key);
  // Unknown to this process, a key that opens nothing, or another edition's registrant: Astro decides.
  if (!registrant || registrant.editionId !== timed.edition.id) return false;
  const firstVisit = timed.timer ? knownRegistrantFirstVisit(registrant.id, pageTypeFor(timed.edition.slug, timed.page)) : timed.now;
  if (!firstVisit) return false;
  const origin = linkOrigin();
  const fields = registrantFieldsNow(registrant, origin);
  if (!fields) return false;
  const viewer: Viewer = { kind: 'registrant', tier: registrant.tier, registeredAt: registrant.registeredAt };
  const prepared = prepare({
    req,
    timed,
    firstVisit,
    registrant: { viewer, shellViewer: registrantShellViewer(registrant, origin), fields, timeZone: registrant.timeZone },
  });
  return prepared ? write({ req, res, prepared, setCookie: null }) : false;
}

function write({
  req,
  res,
  prepared: { cached, personal },
  setCookie,
}: {
  req: IncomingMessage;
  res: ServerResponse;
  prepared: { cached: CachedPage; personal: PersonalPart };
  setCookie: string | null;
}): true {
  const gzip = acceptedEncoding(req, ['gzip', 'identity']) === 'gzip';
  const body = assembledBody(pageChunks(cached, personal, gzip ? 'gzip' : 'identity'));
  const head = [...cached.fastPathHeads[answersOverHttps(req) ? 'https' : 'plain'], 'content-length', String(body.bytes.length)];
  if (gzip) head.push('content-encoding', 'gzip');
  if (setCookie) head.push('set-cookie', setCookie);
  writeCompleteHead(res, cached.status, head);
  res.end(body.bytes, body.release);
  return true;
}

function answer({
  req,
  res,
  timed,
  firstVisit,
}: {
  req: IncomingMessage;
  res: ServerResponse;
  timed: TimedRequest;
  firstVisit: Date;
}): boolean {
  const prepared = prepare({ req, timed, firstVisit });
  return prepared ? write({ req, res, prepared, setCookie: null }) : false;
}

/**
 * A new visitor: their window starts now whether or not it is recorded, so the page is known to
 * be cached before anything is written; then a session and its one row when this client may start
 * one (the per-client limit), else nothing recorded.
 */
async function answerNewVisitor(req: IncomingMessage, res: ServerResponse, timed: TimedRequest): Promise<boolean> {
  const prepared = prepare({ req, timed, firstVisit: timed.now });
  if (!prepared) return false;
  // Untimed pages record nothing and set no cookie (as checkPageAccess does).
  if (!timed.timer) return write({ req, res, prepared, setCookie: null });
  const { db } = await getDatabase();
  const request = headersOf(req);
  if (!(await visitorRowLimiter(db).take(clientAddress(request, req.socket.remoteAddress))).allowed)
    return write({ req, res, prepared, setCookie: null });
  const session = newVisitorSession(isHttps(request, timed.url));
  const firstVisit = await browserFirstVisit({
    db,
    sessionId: session.id,
    pageType: pageTypeFor(timed.edition.slug, timed.page),
    now: timed.now,
  });
  // A new row's first visit is now; should the clock have moved, the page follows the row.
  const recorded = firstVisit.getTime() === timed.now.getTime() ? prepared : prepare({ req, timed, firstVisit });
  if (!recorded) return false;
  return write({ req, res, prepared: recorded, setCookie: session.setCookie });
}

/**
 * true: answered; false: go on to Astro; a promise of either for a new visitor (their session
 * is recorded first). Synchronous for returning visitors, so they wait on nothing.
 */
export function serveCachedPersonalPage(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
  const timed = timedRequest(req);
  if (!timed) return false;
  const visitor = visitorOf(req);
  if (visitor.kind === 'other') return false;
  if (visitor.kind === 'registrant') return answerRegistrant({ req, res, timed }, visitor.key);
  // A `registrants` edition needs a personal link: never answered from an anonymous memory.
  if (timed.edition.accessMode !== 'open') return false;
  if (visitor.kind === 'new') return answerNewVisitor(req, res, timed);
  if (!timed.timer) return answer({ req, res, timed, firstVisit: timed.now });
  const firstVisit = knownBrowserFirstVisit(visitor.sessionId, pageTypeFor(timed.edition.slug, timed.page));
  return firstVisit ? answer({ req, res, timed, firstVisit }) : false;
}
