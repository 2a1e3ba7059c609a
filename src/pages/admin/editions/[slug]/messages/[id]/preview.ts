import type { APIContext, APIRoute } from 'astro';
import { appNow } from '../../../../../../server/clock.ts';
import { readEdition } from '../../../../../../server/editions/read-edition.ts';
import { getDatabase } from '../../../../../../server/db/index.ts';
import { findEditionMessage } from '../../../../../../server/mail/edition-messages.ts';
import { previewAnswer } from '../../../../../../server/mail/preview-answer.ts';

/** One e-mail as a registrant gets it: GET the saved message (`?for=registrant:{id}`), POST the editor's draft. */
async function preview({ params, locals }: Pick<APIContext, 'params' | 'locals'>, draft: FormData | null, chosen: string | null) {
  const { db } = await getDatabase();
  const edition = await readEdition(db, params.slug ?? '', { fresh: true });
  const id = Number(params.id);
  const message = edition && Number.isSafeInteger(id) ? await findEditionMessage(db, edition.id, id) : null;
  if (!message) return new Response('Not found', { status: 404 });
  return previewAnswer({
    db,
    editionId: message.editionId,
    stored: message,
    draft,
    chosen,
    admin: locals.admin!,
    siteUrl: locals.config.siteUrl,
    now: appNow(),
  });
}

export const GET: APIRoute = (context) => preview(context, null, context.url.searchParams.get('for'));
export const POST: APIRoute = async (context) => preview(context, await context.request.formData().catch(() => null), null);
