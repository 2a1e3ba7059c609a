/**
 * Access changed (a window extended or reset in the admin): every app process forgets the first
 * visits it remembers, so the change shows on the next request everywhere.
 */
import { changeChannel } from '../content-cache/change-announcement.ts';
import { forgetRememberedVisits } from './visits.ts';

export const ACCESS_CHANNEL = 'summit_access_changed';

const access = changeChannel(ACCESS_CHANNEL, forgetRememberedVisits, 'an access change');
export const announceAccessChange = access.announce;
export const listenForAccessChanges = access.listen;
