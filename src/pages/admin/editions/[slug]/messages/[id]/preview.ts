import type { APIRoute } from 'astro';
import { appNow } from '../../../../../../server/clock.ts';
import { readEdition } from '../../../../../../server/editions/read-edition.ts';
import { getDatabase } from '../../../../../../server/db/index.ts';
import { findEditionMessage } from '../../../../../../server/mail/edition-messages.ts';
import { parsePreviewRecipient, renderPreview, type MessagePreview } from '../../../../../../server/mail/message-preview.ts';

/**
 * The e-mail as one registrant gets it, at the moment it would be sent to them: GET the saved
 * message (`?for=registrant:{id}`), POST a draft (the editor's subject, body and `previewFor`).
 * It is shown in a sandboxed frame of the editor, and may load images only.
 */
const MAX_DRAFT = 64 * 1024;

const escape = (value: string) => value.replace(/[&<>"]/g, (c: string) => `&#${c.charCodeAt(0)};`);

/** The lines above the e-mail: to whom, when, the subject, and whether it would be skipped. */
function previewHeader(rendered: MessagePreview): string {
  const line = (label: string, value: string, attribute: string) =>
    `<p style="font:14px sans-serif;margin:4px 8px" ${attribute}><strong>${label}:</strong> ${escape(value)}</p>`;
  const skipped = rendered.skipped
    ? `<p style="font:14px sans-serif;margin:4px 8px;color:#991b1b" data-preview-skipped>Not sent to them: ${escape(rendered.skipped)}.</p>`
    : '';
  return (
    line('To', rendered.to, 'data-preview-to') +
    line('Sent', rendered.sendsAtText, 'data-preview-sent') +
    line('Subject', rendered.subject, 'data-preview-subject') +
    skipped
  );
}

/** `siteUrl`: the configured public origin, which the e-mail's links start with. */
async function preview({
  params,
  draft,
  chosen,
  admin,
  siteUrl,
}: {
  params: Record<string, string | undefined>;
  draft: FormData | null;
  chosen: string | null;
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
  const rendered = await renderPreview({
    db,
    message,
    draft: { subject: text('subject', message.subject), body: text('body', message.body) },
    recipient: parsePreviewRecipient(text('previewFor', chosen ?? ''), { firstName: 'Sam', email: admin.email ?? 'sam@example.com' }),
    siteUrl,
    now: appNow(),
  });
  if (!rendered) return new Response('That registrant is not in this edition.', { status: 404 });
  const html = rendered.html.replace(/<body([^>]*)>/, `<body$1>${previewHeader(rendered)}`);
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src https: http: data:; sandbox",
    },
  });
}

export const GET: APIRoute = ({ params, locals, url }) =>
  preview({ params, draft: null, chosen: url.searchParams.get('for'), admin: locals.admin!, siteUrl: locals.config.siteUrl });
export const POST: APIRoute = async ({ params, request, locals }) =>
  preview({
    params,
    draft: await request.formData().catch(() => null),
    chosen: null,
    admin: locals.admin!,
    siteUrl: locals.config.siteUrl,
  });
