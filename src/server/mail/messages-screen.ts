/**
 * The part every e-mail screen of an edition shares: the edition read afresh (the 404 page for
 * an unknown slug), then the screen's own handler (messages-admin.ts) with the signed-in admin,
 * the request's clock and the site's origin. The page only places the result.
 */
import type { APIContext } from 'astro';
import { appNow } from '../clock.ts';
import { getDatabase } from '../db/index.ts';
import { readEdition } from '../editions/read-edition.ts';
import { notFound, type PageOutcome } from '../http/page-outcome.ts';
import type { MessagesScreen } from './messages-admin.ts';

type ScreenContext = Pick<APIContext, 'params' | 'locals' | 'request'>;

export async function editionMessagesScreen<State>(
  { params, locals, request }: ScreenContext,
  handler: (screen: MessagesScreen) => Promise<PageOutcome<State>>,
): Promise<PageOutcome<State & { edition: { slug: string; name: string } }>> {
  const handle = await getDatabase();
  const edition = await readEdition(handle.db, params.slug ?? '', { fresh: true });
  if (!edition) return notFound;
  const outcome = await handler({ handle, admin: locals.admin!, edition, request, now: appNow(), siteUrl: locals.config.siteUrl });
  if (outcome.kind !== 'show') return outcome;
  return { ...outcome, state: { ...outcome.state, edition: { slug: edition.slug, name: edition.name } } };
}
