/**
 * The two preview endpoints of the e-mail editor (the saved message's and "Add a message"'s):
 * GET shows the stored message (or a placeholder for a new one) for `?for=registrant:{id}`, POST
 * the editor's form as typed. They differ only in which stored message, if any, they start from.
 */
import type { APIContext, APIRoute } from 'astro';
import { appNow } from '../clock.ts';
import { getDatabase } from '../db/index.ts';
import type { Database } from '../db/client.ts';
import { readEdition } from '../editions/read-edition.ts';
import { findEditionMessage, type EditionMessage } from '../editions/edition-messages.ts';
import { previewAnswer } from './preview-answer.ts';

/** The stored message a preview starts from: undefined when the route names none that exists. */
type StoredOf = (db: Database, editionId: number, params: APIContext['params']) => Promise<EditionMessage | null | undefined>;

function previewRoute(
  storedOf: StoredOf,
  read: (context: APIContext) => Promise<{ draft: FormData | null; chosen: string | null }>,
): APIRoute {
  return async (context) => {
    const { db } = await getDatabase();
    const edition = await readEdition(db, context.params.slug ?? '', { fresh: true });
    const stored = edition ? await storedOf(db, edition.id, context.params) : undefined;
    if (!edition || stored === undefined) return new Response('Not found', { status: 404 });
    return previewAnswer({
      db,
      editionId: edition.id,
      stored,
      ...(await read(context)),
      admin: context.locals.admin!,
      siteUrl: context.locals.config.siteUrl,
      now: appNow(),
    });
  };
}

function previewRoutes(storedOf: StoredOf): { GET: APIRoute; POST: APIRoute } {
  return {
    GET: previewRoute(storedOf, async ({ url }) => ({ draft: null, chosen: url.searchParams.get('for') })),
    POST: previewRoute(storedOf, async ({ request }) => ({ draft: await request.formData().catch(() => null), chosen: null })),
  };
}

/** /admin/editions/{slug}/messages/{id}/preview: the saved message, or the 404 for one not in the edition. */
export const savedMessagePreview = previewRoutes(async (db, editionId, params) => {
  const id = Number(params.id);
  return (Number.isSafeInteger(id) && (await findEditionMessage(db, editionId, id))) || undefined;
});

/** /admin/editions/{slug}/messages/new/preview: a message not yet saved. */
export const newMessagePreview = previewRoutes(async () => null);
