/**
 * Content changed: drop this process's cached content, and tell the other app processes on the
 * same Postgres (they listen from src/server/main.ts), so every process shows the change on
 * its next request.
 */
import { invalidateContent } from './content-cache.ts';
import type { DbHandle } from '../db/client.ts';
import { log } from '../log.ts';

export const CONTENT_CHANNEL = 'summit_content_changed';

export async function announceContentChange(handle: DbHandle): Promise<void> {
  invalidateContent();
  try {
    await handle.notify(CONTENT_CHANNEL);
  } catch (error) {
    // The other processes still pick the change up when their cache windows end.
    log.warn({ err: error }, 'could not notify other processes of a content change');
  }
}

export function listenForContentChanges(handle: DbHandle): Promise<() => Promise<void>> {
  return handle.listen(CONTENT_CHANNEL, () => invalidateContent());
}
