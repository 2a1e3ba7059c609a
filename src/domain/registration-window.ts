/**
 * When an edition stops taking registrations (decision 0019): a live edition at the end of
 * its last day unless its settings say otherwise, an evergreen one never. After that the form
 * says so and points to the replay or the next edition instead of registering people for a
 * summit long over.
 */
import type { Edition, TimerConfig } from './edition.ts';
import { zonedTimeToInstant } from './timer.ts';

/**
 * The instant registration closes, or null for never. dayTimers are the edition's day-page
 * timers: the edition is live when any of them is, and its last day ends at the latest end.
 */
export function registrationClosesAt(edition: Pick<Edition, 'settings'>, dayTimers: TimerConfig[]): Date | null {
  const setting = edition.settings.registrationClosesAt;
  if (setting === 'never') return null;
  if (setting) return new Date(setting);
  const ends = dayTimers.flatMap((timer) => (timer.mode === 'live' ? [zonedTimeToInstant(timer.eventEndDate, timer.timezone)] : []));
  return ends.length ? new Date(Math.max(...ends)) : null;
}

export function isRegistrationOpen(closesAt: Date | null, now: Date): boolean {
  return closesAt === null || now.getTime() < closesAt.getTime();
}

export interface ClosedRegistrationOffer {
  /** The replay purchase (the edition's upgrade replay checkout), when it has one. */
  replayUrl: string | null;
  /** An edition still taking registrations, to offer instead. */
  nextEdition: { slug: string; name: string } | null;
}

/**
 * What a closed form offers: the replay, and the first edition by start date that starts after
 * this one and is still open (editionsOpen lists, in any order, the editions taking registrations).
 */
export function closedRegistrationOffer(
  edition: Pick<Edition, 'slug' | 'summitStartDate' | 'settings'>,
  editionsOpen: Pick<Edition, 'slug' | 'name' | 'summitStartDate'>[],
): ClosedRegistrationOffer {
  const later = editionsOpen
    .filter((other) => other.slug !== edition.slug && other.summitStartDate > edition.summitStartDate)
    .sort((a, b) => a.summitStartDate.localeCompare(b.summitStartDate));
  const next = later[0];
  const replay = edition.settings.upgrade.replayCheckoutUrl.trim();
  return { replayUrl: replay || null, nextEdition: next ? { slug: next.slug, name: next.name } : null };
}

export const REGISTRATION_CLOSED_MESSAGE = 'Registration for this summit has closed.';
