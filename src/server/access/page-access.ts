/**
 * Whether the person behind a request may see a timed page now: who they are (a signed-in
 * registrant of this edition, or an anonymous browser), their first visit of the page, then the
 * one access rule (src/domain/access/access-rule.ts). Anything that is not "open" becomes a
 * redirect before rendering, so no script, storage or disabled JavaScript can extend access.
 */
import { decideAccess, type AccessAnswer, type AccessQuestion, type HostContext, type Viewer } from '../../domain/access/access-rule.ts';
import { pageTypeFor, type Edition, type TimedPage, type TimerConfig } from '../../domain/edition.ts';
import { resolveRedirect, type PageAccess } from '../../domain/timer.ts';
import type { Database } from '../db/client.ts';
import { log } from '../log.ts';
import { loadTimerConfig } from './timer-configs.ts';
import { signedInRegistrant, type CookieReader, type SignedInRegistrant } from './registrant-session.ts';
import { browserFirstVisit, registrantFirstVisit } from './visits.ts';

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

export type PageAccessResult =
  /** why: the window is over, or the person must sign in or upgrade first. */
  | { kind: 'redirect'; location: string; why: 'over' | 'sign-in' | 'upgrade' | 'drip' }
  | { kind: 'open'; access: Exclude<PageAccess, { kind: 'closed' }>; hostContext: HostContext; registrant: SignedInRegistrant | null };

/** Registration for this edition, then back to the page (the "way back"). */
export function signInRedirect(edition: Edition, pageUrl: URL): string {
  return `/register?summit=${encodeURIComponent(edition.slug)}&next=${encodeURIComponent(pageUrl.pathname)}`;
}

export const UPGRADE_REDIRECT = '/thank-you';

function viewerOf(registrant: SignedInRegistrant | null, edition: Edition): Viewer {
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
    upgradeRedirect: UPGRADE_REDIRECT,
    // A day not yet dripped to a registrant: the day before (which opened first).
    dripRedirect: page === 'day2' ? `/${edition.slug}/day-1` : page === 'day3' ? `/${edition.slug}/day-2` : undefined,
  };
}

/**
 * What the access rule answers a viewer (an anonymous browser, or a signed-in registrant of this
 * edition) whose first visit is already known (the cached personal page route,
 * src/server/page-loaders/cached-personal-page-route.ts): the same rule as checkPageAccess, so
 * both paths agree; null when the page is not open to them now (Astro then redirects).
 */
export function accessFromMemory({
  firstVisit,
  ...asked
}: PageAsked & { firstVisit: Date }): { access: Exclude<PageAccess, { kind: 'closed' }>; hostContext: HostContext } | null {
  const answer = decideAccess({ ...questionOf(asked), firstVisit });
  if (answer.kind !== 'allowed' && answer.kind !== 'not-yet') return null;
  return { access: toPageAccess(answer), hostContext: answer.hostContext };
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
    return { kind: 'open', access: { kind: 'session-error', redirectTo: null }, hostContext: 'public', registrant: mine };
  }
  const question = questionOf({ edition, page, viewer, timer, now, pageUrl });
  // Gated before any visit is recorded: a refused visitor starts no window.
  const gated = decideAccess({ ...question, timer: null, firstVisit: now });
  if (gated.kind === 'sign-in' || gated.kind === 'upgrade') return { kind: 'redirect', location: gated.redirectTo, why: gated.kind };

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
      };
    }
  }
  const answer = decideAccess({ ...question, firstVisit });
  if (answer.kind !== 'allowed' && answer.kind !== 'not-yet') return { kind: 'redirect', location: answer.redirectTo, why: answer.kind };
  return { kind: 'open', access: toPageAccess(answer), hostContext: answer.hostContext, registrant: mine };
}
