/**
 * Whether the person behind a request may see a timed page now: who they are (a signed-in
 * registrant of this edition, or an anonymous browser), their first visit of the page, then the
 * one access rule (src/domain/access/access-rule.ts). Anything that is not "open" becomes a
 * redirect before rendering, so no script, storage or disabled JavaScript can extend access.
 */
import { decideAccess, type AccessAnswer, type AccessQuestion, type HostContext, type Viewer } from '../../domain/access/access-rule.ts';
import { listeningOf, listeningOnDashboard, type Listening } from '../../domain/access/listening.ts';
import { pageTypeFor, type Edition, type TimedPage, type TimerConfig } from '../../domain/edition.ts';
import { resolveRedirect, type PageAccess } from '../../domain/timer.ts';
import type { Database } from '../db/client.ts';
import { log } from '../log.ts';
import { loadTimerConfig } from './timer-configs.ts';
import { signedInRegistrant, type CookieReader, type SignedInRegistrant } from './registrant-session.ts';
import { browserFirstVisit, recordedRegistrantFirstVisit, recordPageOpen, registrantFirstVisit } from './visits.ts';
import { findUserSession } from './user-sessions.ts';

export interface AccessRequest {
  edition: Edition;
  page: TimedPage;
  now: Date;
  pageUrl: URL;
  /** Read for the signed-in registrant's cookie only. */
  cookies: CookieReader;
  /**
   * An anonymous visitor's session id, or null when none may be recorded (this client started
   * too many sessions this minute: visitor-limits.ts; or the caller only reads, like the day
   * pages' audio). Then nothing is recorded and the window counts from now. Asked only for
   * anonymous visitors.
   */
  anonymousSession: () => Promise<string | null>;
}

/** The full page, or a free or Replay registrant's reduced dashboard (decision 0033). */
export type PageView = 'full' | 'reduced';

export type PageAccessResult =
  /** why: the window is over (mode: the timer's, which words the banner), or the person must sign in first. */
  | { kind: 'redirect'; location: string; why: 'sign-in' }
  | { kind: 'redirect'; location: string; why: 'over'; mode: 'evergreen' | 'live' }
  | {
      kind: 'open';
      access: Exclude<PageAccess, { kind: 'closed' }>;
      hostContext: HostContext;
      registrant: SignedInRegistrant | null;
      view: PageView;
      /** A day page's episodes: playing now, opening later (the page says when), or closed. */
      listening: Listening;
    };

/** Registration for this edition, then back to the page (the "way back"). */
export function signInRedirect(edition: Edition, pageUrl: URL): string {
  return `/register?summit=${encodeURIComponent(edition.slug)}&next=${encodeURIComponent(pageUrl.pathname)}`;
}

const CLOSED: Listening = { kind: 'closed' };
/** A page shown although its visit could not be recorded (docs/PRODUCT.md "Access windows and the countdown"): whole, as before. */
const SHOWN_WHOLE = { view: 'full', listening: { kind: 'open' } } as const;

/** The viewer of a signed-in registrant (of this edition) or an anonymous browser. */
export function viewerOf(registrant: SignedInRegistrant | null, edition: Edition): Viewer {
  // A registration opens its own edition only.
  if (!registrant || registrant.editionId !== edition.id) return { kind: 'anonymous' };
  return { kind: 'registrant', tier: registrant.tier, registeredAt: registrant.registeredAt };
}

function toPageAccess(answer: Extract<AccessAnswer, { kind: 'allowed' | 'not-yet' }>): Exclude<PageAccess, { kind: 'closed' }> {
  return answer.countdown ? { kind: 'open', timer: answer.countdown, redirectTo: answer.redirectTo } : { kind: 'untimed' };
}

/** The access rule's question for this page and viewer, before the first visit is known. */
/** A page asked for by a viewer: what the access rule's question is made of. */
interface PageAsked {
  edition: Edition;
  page: TimedPage;
  viewer: Viewer;
  timer: TimerConfig | null;
  now: Date;
  pageUrl: URL;
}

function questionOf({ edition, page, viewer, timer, now, pageUrl }: PageAsked): Omit<AccessQuestion, 'firstVisit'> {
  return {
    mode: edition.accessMode,
    viewer,
    page,
    timer,
    now,
    overRedirect: timer ? resolveRedirect(timer.redirectUrl, pageUrl) : '/',
    signInRedirect: signInRedirect(edition, pageUrl),
  };
}

/**
 * What the access rule answers a viewer (an anonymous browser, or a signed-in registrant of this
 * edition) whose first visit is already known (the cached personal page route,
 * src/server/page-loaders/cached-personal-page-route.ts): the same rule as checkPageAccess, so
 * both paths agree; null when the page is not open to them now (Astro then redirects).
 */
export function accessFromMemory({ firstVisit, ...asked }: PageAsked & { firstVisit: Date }): {
  access: Exclude<PageAccess, { kind: 'closed' }>;
  hostContext: HostContext;
  listening: Listening;
} | null {
  const answer = decideAccess({ ...questionOf(asked), firstVisit });
  // A reduced dashboard is rendered whole for its registrant (decision 0033): no shell to answer from.
  if (answer.kind !== 'allowed' && answer.kind !== 'not-yet') return null;
  return { access: toPageAccess(answer), hostContext: answer.hostContext, listening: listeningOf(answer) };
}

const DAY_PAGES = ['day1', 'day2', 'day3'] as const;

/**
 * What each day holds for this viewer on a dashboard: the day page's own answer from the one
 * rule, with the viewer's recorded first visit of the day (none recorded: the window would start
 * now), held open by a full dashboard (src/domain/access/listening.ts).
 */
export function dashboardDays({
  edition,
  viewer,
  timers,
  firstVisits,
  now,
  view,
}: {
  edition: Edition;
  viewer: Viewer;
  timers: ReadonlyMap<number, TimerConfig | null>;
  firstVisits: ReadonlyMap<number, Date>;
  now: Date;
  view: PageView;
}): Map<number, Listening> {
  const days = new Map<number, Listening>();
  DAY_PAGES.forEach((page, index) => {
    const day = index + 1;
    const pageUrl = new URL(`/${edition.slug}/day-${day}`, 'http://localhost');
    const question = questionOf({ edition, page, viewer, timer: timers.get(day) ?? null, now, pageUrl });
    days.set(day, listeningOnDashboard(decideAccess({ ...question, firstVisit: firstVisits.get(day) ?? now }), view));
  });
  return days;
}

async function anonymousFirstVisit({
  db,
  request,
  pageType,
  now,
}: {
  db: Database;
  request: AccessRequest;
  pageType: string;
  now: Date;
}): Promise<Date> {
  const sessionId = await request.anonymousSession();
  return sessionId === null ? now : browserFirstVisit({ db, sessionId, pageType, now });
}

/** Records an opening for the insights; a failure there never keeps the page from its registrant. */
async function noteOpened(db: Database, opened: { registrantId: number; pageType: string; now: Date }): Promise<void> {
  const { pageType } = opened;
  try {
    await recordPageOpen({ db, ...opened });
  } catch (error) {
    log.error({ err: error, pageType }, 'page opening could not be recorded');
  }
}

export async function checkPageAccess(db: Database, request: AccessRequest): Promise<PageAccessResult> {
  const { edition, page, now, pageUrl } = request;
  const registrant = await signedInRegistrant(db, request.cookies);
  const viewer = viewerOf(registrant, edition);
  const mine = viewer.kind === 'registrant' ? registrant : null;

  let timer: TimerConfig | null;
  try {
    timer = await loadTimerConfig(db, edition.id, page);
  } catch (error) {
    log.error({ err: error, page }, 'timer config could not be loaded');
    return { kind: 'open', access: { kind: 'session-error', redirectTo: null }, hostContext: 'public', registrant: mine, ...SHOWN_WHOLE };
  }
  const question = questionOf({ edition, page, viewer, timer, now, pageUrl });
  // Gated before any visit is recorded: a refused visitor starts no window.
  const gated = decideAccess({ ...question, timer: null, firstVisit: now });
  if (gated.kind === 'sign-in') return { kind: 'redirect', location: gated.redirectTo, why: gated.kind };
  // A free or Replay registrant's own dashboard: untimed, and no dashboard window is started;
  // that they opened it is kept apart, for the insights (decision 0074).
  if (gated.kind === 'reduced') {
    if (mine) await noteOpened(db, { registrantId: mine.id, pageType: pageTypeFor(edition.slug, page), now });
    return {
      kind: 'open',
      access: { kind: 'untimed' },
      hostContext: gated.hostContext,
      registrant: mine,
      view: 'reduced',
      listening: CLOSED,
    };
  }

  let firstVisit = now;
  if (timer) {
    try {
      const pageType = pageTypeFor(edition.slug, page);
      firstVisit = mine
        ? await registrantFirstVisit({ db, registrantId: mine.id, pageType, now })
        : await anonymousFirstVisit({ db, request, pageType, now });
    } catch (error) {
      log.error({ err: error, page }, 'visit could not be recorded');
      return {
        kind: 'open',
        access: { kind: 'session-error', redirectTo: question.overRedirect },
        hostContext: 'public',
        registrant: mine,
        ...SHOWN_WHOLE,
      };
    }
  }
  const answer = decideAccess({ ...question, firstVisit });
  if (answer.kind === 'sign-in') return { kind: 'redirect', location: answer.redirectTo, why: answer.kind };
  // A window closed by a pass with no timer of its own (a day over for a free registrant) ends like a live event.
  if (answer.kind === 'over') return { kind: 'redirect', location: answer.redirectTo, why: 'over', mode: timer?.mode ?? 'live' };
  if (answer.kind === 'reduced') throw new Error('a reduced view is decided at the gate');
  return {
    kind: 'open',
    access: toPageAccess(answer),
    hostContext: answer.hostContext,
    registrant: mine,
    view: 'full',
    listening: listeningOf(answer),
  };
}

/**
 * Whether this visitor holds the full dashboard now (decision 0033): a dashboard window already
 * recorded for them and still open, by the one access rule; read only, so asking (as /listen does
 * for a day whose page window is over) never starts a window.
 */
export async function holdsFullDashboard(
  db: Database,
  { edition, cookies, sessionId, now }: { edition: Edition; cookies: CookieReader; sessionId: string | null; now: Date },
): Promise<boolean> {
  const registrant = await signedInRegistrant(db, cookies);
  const viewer = viewerOf(registrant, edition);
  const timer = await loadTimerConfig(db, edition.id, 'dashboard');
  const pageType = pageTypeFor(edition.slug, 'dashboard');
  let firstVisit: Date | string | null = now;
  if (timer) {
    if (registrant && viewer.kind === 'registrant') firstVisit = await recordedRegistrantFirstVisit(db, registrant.id, pageType);
    else firstVisit = sessionId ? ((await findUserSession(db, sessionId, pageType))?.first_visit_timestamp ?? null) : null;
  }
  if (firstVisit === null) return false;
  const pageUrl = new URL(`/${edition.slug}/dashboard`, 'http://localhost');
  // Null for a window that is over, a visitor who must sign in, and a reduced dashboard.
  return accessFromMemory({ edition, page: 'dashboard', viewer, timer, firstVisit: new Date(firstVisit), now, pageUrl }) !== null;
}
