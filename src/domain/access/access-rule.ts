/**
 * The one access rule (DESIGN.md "Delivering the summit"): may this person see or hear this
 * day / dashboard now, and until when. Day pages, dashboards, the private feed and the e-mail
 * scheduler all ask it; nothing else decides. Pure: every input is plain data, so any instant,
 * mode and tier can be tested.
 *
 * - `open` mode (the demo default, docs/PRODUCT.md "Editions"): anyone gets the page's timer window,
 *   counted from their own first visit (a browser's, or a signed-in registrant's on any device).
 *   Dashboards assume All Access Pass holders. A pass still extends what it unlocks.
 * - `registrants` mode: day pages and the dashboard need a signed-in registrant, and tiers
 *   are enforced: free gets day pages within their windows; a Replay Pass keeps every day
 *   page open for PASS_DAYS from registration; an All Access Pass adds the dashboard (its
 *   30-day window) and the dashboard context of the host views (the session links).
 *   Days drip as the feed does (src/domain/podcast/drip.ts): an evergreen day N opens
 *   (N-1) x 24 hours after registration, and its window counts from then at the earliest;
 *   before that the day page shows when it opens for them, with no player (decision 0033).
 *   A free or Replay registrant's dashboard is their own reduced one: their days, their feed
 *   and the upgrade (decision 0033), never a bounce.
 */
import type { RegistrantTier } from '../entities.ts';
import { isPassKind } from '../passes.ts';
import type { TimedPage, TimerConfig } from '../edition.ts';
import { computeTimer, type CountingTimer } from '../timer.ts';
import { dayOpensAt } from '../podcast/drip.ts';
import type { AccessMode } from './access-modes.ts';

/** How long a Replay or All Access Pass keeps every day page open, from registration. */
export const PASS_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export type Viewer = { kind: 'anonymous' } | { kind: 'registrant'; tier: RegistrantTier; registeredAt: Date };

export interface AccessQuestion {
  mode: AccessMode;
  viewer: Viewer;
  page: TimedPage;
  /** The page's timer; null when the edition times nothing for this page. */
  timer: TimerConfig | null;
  /** The viewer's first visit of this page (the caller records it before asking). */
  firstVisit: Date;
  now: Date;
  /** Where this page goes when its window is over (the timer's redirect, resolved). */
  overRedirect: string;
  /** Where a visitor without a personal link goes: registration, with a way back. */
  signInRedirect: string;
}

/** Which host-view context the page shows (docs/PRODUCT.md "Audience tiers and passes"): the upsell or the session links. */
export type HostContext = 'public' | 'dashboard';

export type AccessAnswer =
  /** Open now. until: when it closes (null: not timed); countdown: what the banner counts to. */
  | { kind: 'allowed'; until: number | null; countdown: CountingTimer | null; hostContext: HostContext; redirectTo: string }
  /**
   * A day not open to this person yet: a live page before its start, or (`registrants` mode) a day
   * that has not dripped to this registrant. The page counts down to opensAt; nothing can be heard yet.
   */
  | { kind: 'not-yet'; opensAt: number; countdown: CountingTimer; hostContext: HostContext; redirectTo: string }
  /** The window is over. */
  | { kind: 'over'; redirectTo: string }
  /** `registrants` mode and no personal link. */
  | { kind: 'sign-in'; redirectTo: string }
  /**
   * `registrants` mode: a free or Replay registrant on the dashboard, whose pass does not include
   * it. They get their own reduced dashboard (their days, their feed, the upgrade), untimed.
   */
  | { kind: 'reduced'; hostContext: HostContext; redirectTo: string };

const hasPass = (tier: RegistrantTier) => isPassKind(tier);

/** How long a pass keeps this page open, as an instant, or null when the pass adds nothing here. */
function passUntil(question: AccessQuestion): number | null {
  const { viewer, page } = question;
  if (viewer.kind !== 'registrant' || page === 'dashboard' || !hasPass(viewer.tier)) return null;
  return viewer.registeredAt.getTime() + PASS_DAYS * DAY_MS;
}

function hostContextFor(question: AccessQuestion): HostContext {
  const { viewer, page } = question;
  if (page === 'dashboard') return 'dashboard';
  // A holder of the All Access Pass sees what it includes, never the call to buy it (decision 0057).
  return viewer.kind === 'registrant' && viewer.tier === 'aap' ? 'dashboard' : 'public';
}

/** The gate before any window: who may open this page at all, and who gets a reduced view of it. */
function gate(question: AccessQuestion): AccessAnswer | null {
  const { mode, viewer, page } = question;
  if (mode === 'open') return null;
  if (viewer.kind === 'anonymous') return { kind: 'sign-in', redirectTo: question.signInRedirect };
  if (page === 'dashboard' && viewer.tier !== 'aap') return { kind: 'reduced', hostContext: 'public', redirectTo: question.overRedirect };
  return null;
}

/** `registrants` mode: when this evergreen day opens for this registrant (the feed's drip), else null. */
function dripOpensAt(question: AccessQuestion): number | null {
  const { mode, viewer, page, timer } = question;
  if (mode !== 'registrants' || viewer.kind !== 'registrant' || page === 'dashboard' || timer?.mode === 'live') return null;
  // Day 1 is open from the registration on. It never drips: a clock that reads earlier than the
  // registration (another process's, a test's) would otherwise close day 1 to its own registrant.
  if (page === 'day1') return null;
  return dayOpensAt(timer, viewer.registeredAt, DAY_OF_PAGE[page]).getTime();
}

const DAY_OF_PAGE = { day1: 1, day2: 2, day3: 3 } as const;

export function decideAccess(question: AccessQuestion): AccessAnswer {
  const refused = gate(question);
  if (refused) return refused;
  const { timer, now, overRedirect: redirectTo } = question;
  const dripsAt = dripOpensAt(question);
  const hostContext = hostContextFor(question);
  if (dripsAt !== null && now.getTime() < dripsAt) {
    // The day page stays, saying when the day opens for them (its banner counts down to it).
    const countdown: CountingTimer = { status: 'counting', mode: 'evergreen', phase: 'before-start', deadline: dripsAt };
    return { kind: 'not-yet', opensAt: dripsAt, countdown, hostContext, redirectTo };
  }
  // A day's window counts from when it dripped to the registrant at the earliest.
  const firstVisit = dripsAt !== null && question.firstVisit.getTime() < dripsAt ? new Date(dripsAt) : question.firstVisit;
  const extendedUntil = passUntil(question);
  if (!timer) return { kind: 'allowed', until: null, countdown: null, hostContext, redirectTo };

  const state = computeTimer(timer, firstVisit, now);
  if (state.status === 'counting' && state.phase === 'before-start') {
    return { kind: 'not-yet', opensAt: state.deadline, countdown: state, hostContext, redirectTo };
  }
  const windowUntil = state.status === 'counting' ? state.deadline : null;
  const until = Math.max(windowUntil ?? -Infinity, extendedUntil ?? -Infinity);
  if (until <= now.getTime()) return { kind: 'over', redirectTo };
  // The banner counts to whichever closes later: the page's own window, or the pass's.
  const countdown: CountingTimer =
    windowUntil !== null && windowUntil >= until && state.status === 'counting'
      ? state
      : { status: 'counting', mode: 'evergreen', phase: 'evergreen', deadline: until };
  return { kind: 'allowed', until, countdown, hostContext, redirectTo };
}

/** Whether the answer lets the person hear the episode now (the feed and e-mails ask this). */
export function canListen(answer: AccessAnswer): boolean {
  return answer.kind === 'allowed';
}
