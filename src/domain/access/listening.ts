/**
 * Whether a day's episodes can be heard by this person now (decision 0033): a player shows only
 * then; otherwise the page says when the day opens for them, or that it has closed. Read from the
 * one access rule's answer for the day page (src/domain/access/access-rule.ts), so the day page,
 * the dashboard, /listen and the feed agree.
 */
import type { AccessAnswer } from './access-rule.ts';

export type Listening =
  /** The players show and /listen streams. */
  | { kind: 'open' }
  /** Not yet: a live day before its start, or a day not dripped to this registrant; `at` is when it opens. */
  | { kind: 'opens'; at: number }
  /** Over for this person, or not theirs to hear. */
  | { kind: 'closed' };

/** What the day page's own answer means for its episodes. */
export function listeningOf(answer: AccessAnswer): Listening {
  if (answer.kind === 'allowed') return { kind: 'open' };
  if (answer.kind === 'not-yet') return { kind: 'opens', at: answer.opensAt };
  return { kind: 'closed' };
}

/**
 * A day as a dashboard shows it. The full dashboard (All Access, or any visitor of an `open`
 * edition, whose dashboards assume All Access: docs/PRODUCT.md "Audience tiers and passes") holds every day that has begun
 * for the whole of its own window, even after the day page's window closed; the reduced dashboard
 * (a free or Replay registrant: decision 0033) holds what the day page does.
 */
export function listeningOnDashboard(day: AccessAnswer, dashboard: 'full' | 'reduced'): Listening {
  const own = listeningOf(day);
  if (dashboard === 'full' && own.kind === 'closed' && day.kind === 'over') return { kind: 'open' };
  return own;
}

/** A short stable text of the days' states, for cache keys: "1o 2s 3c". */
export function listeningKey(days: ReadonlyMap<number, Listening>): string {
  return [...days].map(([day, state]) => `${day}${state.kind === 'open' ? 'o' : state.kind === 'opens' ? 's' : 'c'}`).join(' ');
}

/** The days that open later, with when (day -> instant): the values of a page's opening fields. */
export function openingsOf(days: ReadonlyMap<number, Listening>): Map<number, number> {
  const openings = new Map<number, number>();
  for (const [day, state] of days) if (state.kind === 'opens') openings.set(day, state.at);
  return openings;
}
