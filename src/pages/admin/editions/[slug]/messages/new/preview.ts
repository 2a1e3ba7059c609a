import type { APIContext, APIRoute } from 'astro';
import { appNow } from '../../../../../../server/clock.ts';
import { readEdition } from '../../../../../../server/editions/read-edition.ts';
import { getDatabase } from '../../../../../../server/db/index.ts';
import { previewAnswer } from '../../../../../../server/mail/preview-answer.ts';

/** A new e-mail as a registrant would get it: GET a placeholder, POST the "Add a message" form as typed. */
async function preview(context: APIContext, draft: FormData | null) {
  const { db } = await getDatabase();
  const edition = await readEdition(db, context.params.slug ?? '', { fresh: true });
  if (!edition) return new Response('Not found', { status: 404 });
  return previewAnswer({
    db,
    editionId: edition.id,
    stored: null,
    draft,
    chosen: null,
    admin: context.locals.admin!,
    siteUrl: context.locals.config.siteUrl,
    now: appNow(),
  });
}

export const GET: APIRoute = (context) => preview(context, null);
export const POST: APIRoute = async (context) => preview(context, await context.request.formData().catch(() => null));
