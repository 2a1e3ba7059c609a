/**
 * Something every app process remembers changed: drop it in this process, and tell the other app
 * processes on the same Postgres (they listen from src/server/boot.ts), so every process shows
 * the change on its next request. Content changes clear the content caches; access changes
 * (src/server/access/access-events.ts) clear the remembered first visits.
 */
import { invalidateContent } from './content-cache.ts';
import type { DbHandle } from '../db/client.ts';
import { log } from '../log.ts';

export const CONTENT_CHANNEL = 'summit_content_changed';

/** An announce/listen pair for one channel and what each process forgets on it. */
export function changeChannel(channel: string, forget: () => void, what: string) {
  return {
    async announce(handle: Pick<DbHandle, 'notify'>): Promise<void> {
      forget();
      try {
        await handle.notify(channel);
      } catch (error) {
        // The other processes still pick the change up when their cache windows end.
        log.warn({ err: error }, `could not notify other processes of ${what}`);
      }
    },
    listen(handle: Pick<DbHandle, 'listen'>): Promise<() => Promise<void>> {
      return handle.listen(channel, () => forget());
    },
  };
}

const content = changeChannel(CONTENT_CHANNEL, invalidateContent, 'a content change');
export const announceContentChange = content.announce;
export const listenForContentChanges = content.listen;
