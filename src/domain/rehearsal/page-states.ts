/**
 * What a registrant's pages show at a moment, asked as the pages ask it (decision 0077): the one
 * access rule with the page's own timer and the registrant's first visit, read by listeningOf as
 * the day page and the feed read it. A registrant is taken to open each day as it opens for them
 * (at the latest), the dashboard on registering.
 */
import { decideAccess, type AccessAnswer } from '../access/access-rule.ts';
import type { AccessMode } from '../access/access-modes.ts';
import { listeningOf, type Listening } from '../access/listening.ts';
import type { TimedPage, TimerConfig } from '../edition.ts';
import type { RegistrantTier } from '../entities.ts';
import { dayWindowFor, dayWindows } from '../mail/send-rules.ts';

export interface PageQuestion {
  mode: AccessMode;
  timers: Partial<Record<TimedPage, TimerConfig>>;
  tier: RegistrantTier;
  registeredAt: number;
}

const DAYS = { day1: 1, day2: 2, day3: 3 } as const;

/** When the registrant first opens the page: as it opens for them, never before registering, never after `at`. */
export function firstVisitOf(question: PageQuestion, page: TimedPage, at: number): number {
  if (page === 'dashboard') return Math.min(question.registeredAt, at);
  const window = dayWindows(question.timers)[DAYS[page] - 1] ?? null;
  const opens = window ? dayWindowFor(window, new Date(question.registeredAt)).start : question.registeredAt;
  return Math.min(Math.max(question.registeredAt, opens), at);
}

/** The access rule's answer for the page at `at`. */
export function pageAnswer(question: PageQuestion, page: TimedPage, at: number): AccessAnswer {
  return decideAccess({
    mode: question.mode,
    viewer: { kind: 'registrant', tier: question.tier, registeredAt: new Date(question.registeredAt) },
    page,
    timer: question.timers[page] ?? null,
    firstVisit: new Date(firstVisitOf(question, page, at)),
    now: new Date(at),
    overRedirect: '',
    signInRedirect: '',
  });
}

/** Whether the day's episodes play at `at`, as the day page and the feed say it. */
export function dayListening(question: PageQuestion, day: 1 | 2 | 3, at: number): Listening {
  return listeningOf(pageAnswer(question, `day${day}`, at));
}

/**
 * Whether the day is open to them at `at`, or for a message that goes before the day opens (a
 * reminder), whether it opens for them then: what a day e-mail going at `at` promises.
 */
export function dayOpenForMessage(question: PageQuestion, day: 1 | 2 | 3, at: number): boolean {
  const now = dayListening(question, day, at);
  if (now.kind === 'opens') return dayListening(question, day, now.at).kind === 'open';
  return now.kind === 'open';
}
