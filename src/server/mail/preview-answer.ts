/**
 * The preview frame's answer, for a saved message (GET, `?for=registrant:{id}`) and for the
 * editor's draft (POST: the form as typed, with `previewFor`), a new message's included: the
 * e-mail as one registrant gets it at the moment it would be sent, under a few lines saying to
 * whom, when, the subject and whether it would be skipped. It is shown in a sandboxed frame of
 * the editor and may load images only.
 */
import { NEW_MESSAGE, previewDraft, readMessageForm, type MessageContent } from '../../domain/mail/message-form.ts';
import type { Database } from '../db/client.ts';
import { parsePreviewRecipient, renderPreview, type MessagePreview } from './message-preview.ts';

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

/** The form's text fields, each cut to a size worth rendering. */
function boundedForm(form: FormData): FormData {
  const bounded = new FormData();
  for (const [name, value] of form.entries()) if (typeof value === 'string') bounded.set(name, value.slice(0, MAX_DRAFT));
  return bounded;
}

/** What a new message's preview shows before anything is typed. */
const NEW_MESSAGE_PLACEHOLDER: MessageContent = {
  ...NEW_MESSAGE,
  subject: 'Your subject, {{first_name}}',
  body: 'Hi {{first_name}},\n\nWhat you write appears here, as the registrant will read it.',
};

export async function previewAnswer({
  db,
  editionId,
  stored,
  draft,
  chosen,
  admin,
  siteUrl,
  now,
}: {
  db: Database;
  editionId: number;
  /** The saved message; null for a new one. */
  stored: Omit<MessageContent, 'enabled'> | null;
  /** The editor's form (POST), or null for the saved message. */
  draft: FormData | null;
  /** `registrant:{id}` from the query string, when the form does not say. */
  chosen: string | null;
  admin: { email: string | null };
  /** The configured public origin, which the e-mail's links start with. */
  siteUrl: string;
  now: Date;
}): Promise<Response> {
  const base = stored ?? NEW_MESSAGE_PLACEHOLDER;
  const form = draft ? boundedForm(draft) : null;
  const content = form ? previewDraft(readMessageForm(form), base) : base;
  const previewFor = form?.get('previewFor');
  const rendered = await renderPreview({
    db,
    draft: { editionId, ...content },
    recipient: parsePreviewRecipient(typeof previewFor === 'string' && previewFor ? previewFor : chosen, {
      firstName: 'Sam',
      email: admin.email ?? 'sam@example.com',
    }),
    siteUrl,
    now,
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
