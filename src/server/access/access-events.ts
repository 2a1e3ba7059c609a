/**
 * Access changed (a window extended or reset, a link revoked or re-issued, a pass granted or
 * taken back, a tier changed, a registrant erased): every app process forgets the first visits,
 * the feed keys, the signed-in registrants and the feed networks it wrote that it remembers, so
 * the change shows on the next request everywhere (a revoked feed answers 410 at once). The feed
 * hands in its own forgetting (forgetOnAccessChange, when its key memory is made), so access/
 * does not import the feed that imports it.
 */
import { changeChannel } from '../caching/change-announcement.ts';
import { forgetWrittenSightings } from '../listening/listening-writer.ts';
import { forgetSignedInRegistrants } from './registrant-session.ts';
import { forgetRememberedVisits } from './visits.ts';

export const ACCESS_CHANNEL = 'summit_access_changed';

/** What other folders remember of access and forget with it (the feed's keys). */
const forgetters = new Set<() => void>();

export function forgetOnAccessChange(forget: () => void): void {
  forgetters.add(forget);
}

function forgetAccess(): void {
  forgetRememberedVisits();
  for (const forget of forgetters) forget();
  forgetSignedInRegistrants();
  // A re-issued link starts its network count again: what this process wrote is written again.
  forgetWrittenSightings();
}

const access = changeChannel(ACCESS_CHANNEL, forgetAccess, 'an access change');
export const announceAccessChange = access.announce;
export const listenForAccessChanges = access.listen;
