/** Whether an edition still takes registrations now, and what a closed form offers instead. */
import type { Edition, TimerConfig } from '../../domain/edition.ts';
import {
  closedRegistrationOffer,
  isRegistrationOpen,
  registrationClosesAt,
  type ClosedRegistrationOffer,
} from '../../domain/registration-window.ts';
import { loadTimerConfig } from '../access/timer-configs.ts';
import type { Database } from '../db/client.ts';
import { listEditions } from '../editions/edition-queries.ts';

export type RegistrationWindow = { open: true } | { open: false; offer: ClosedRegistrationOffer };

const DAY_PAGES = ['day1', 'day2', 'day3'] as const;

async function closesAt(db: Database, edition: Edition): Promise<Date | null> {
  const timers = await Promise.all(DAY_PAGES.map((page) => loadTimerConfig(db, edition.id, page)));
  return registrationClosesAt(
    edition,
    timers.filter((timer): timer is TimerConfig => timer !== null),
  );
}

export async function loadRegistrationWindow(db: Database, edition: Edition, now: Date): Promise<RegistrationWindow> {
  if (isRegistrationOpen(await closesAt(db, edition), now)) return { open: true };
  const editions = await listEditions(db);
  const open: Edition[] = [];
  for (const other of editions) {
    if (other.slug !== edition.slug && isRegistrationOpen(await closesAt(db, other), now)) open.push(other);
  }
  return { open: false, offer: closedRegistrationOffer(edition, open) };
}
