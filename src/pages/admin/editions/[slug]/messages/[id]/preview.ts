import type { APIRoute } from 'astro';
import { appNow } from '../../../../../../server/clock.ts';
import { readEdition } from '../../../../../../server/editions/read-edition.ts';
import { getDatabase } from '../../../../../../server/db/index.ts';
import { findEditionMessage } from '../../../../../../server/mail/edition-messages.ts';
import { renderSample } from '../../../../../../server/mail/outbox-admin.ts';

/**
 * The e-mail as a sample registrant gets it: GET the saved message, POST a draft (the editor's
 * subject and body). It is shown in a sandboxed frame of the editor, and may load images only.
 */
const MAX_DRAFT = 64 * 1024;

/** `siteUrl`: the configured public origin, which the e-mail's links start with. */
async function preview({
  params,
  draft,
  admin,
  siteUrl,
}: {
  params: Record<string, string | undefined>;
  draft: FormData | null;
  admin: { email: string | null };
  siteUrl: string;
}): Promise<Response> {
  const { db } = await getDatabase();
  const edition = await readEdition(db, params.slug ?? '', { fresh: true });
  const message = edition ? await findEditionMessage(db, edition.id, Number(params.id)) : null;
  if (!message) return new Response('Not found', { status: 404 });
  const text = (name: string, fallback: string) => {
    const value = draft?.get(name);
    return typeof value === 'string' && value.trim() ? value.slice(0, MAX_DRAFT) : fallback;
  };
  const rendered = await renderSample({
    db,
    message,
    draft: { subject: text('subject', message.subject), body: text('body', message.body) },
    sample: { firstName: 'Sam', email: admin.email ?? 'sam@example.com' },
    siteUrl,
    now: appNow(),
  });
  const subject = rendered.subject.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = rendered.html.replace(
    /<body([^>]*)>/,
    `<body$1><p style="font:14px sans-serif;margin:8px"><strong>Subject:</strong> ${subject}</p>`,
  );
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; sandbox",
    },
  });
}

export const GET: APIRoute = ({ params, locals }) => preview({ params, draft: null, admin: locals.admin!, siteUrl: locals.config.siteUrl });
export const POST: APIRoute = async ({ params, request, locals }) =>
  preview({ params, draft: await request.formData().catch(() => null), admin: locals.admin!, siteUrl: locals.config.siteUrl });
