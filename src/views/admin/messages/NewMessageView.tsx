/**
 * /admin/editions/{slug}/messages/new: "Add a message", an e-mail of the host's own with any send
 * rule, the same fields and live preview as the editor. Nothing is stored until every field is
 * right; the problems show at their fields.
 */
import type { MessageFormErrors, MessageFormValues } from '../../../domain/mail/message-form.ts';
import { CARD, LINK, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/form/styles.ts';
import { FormNotice, MessageFields, PREVIEW_FRAME, PreviewPane } from './MessageFields.tsx';

export interface NewMessageProps {
  slug: string;
  values: MessageFormValues;
  errors: MessageFormErrors;
  notice?: { ok: boolean; text: string } | undefined;
  previewChoices: { id: number; label: string }[];
}

export function NewMessageView({ slug, values, errors, notice, previewChoices }: NewMessageProps) {
  const previewUrl = `/admin/editions/${slug}/messages/new/preview`;
  return (
    <div className="grid max-w-6xl gap-8 lg:grid-cols-2">
      <div className="space-y-6">
        <FormNotice notice={notice} />
        <form method="post" className={`${CARD} space-y-5`} data-message-editor="" data-preview-url={previewUrl}>
          <MessageFields values={values} errors={errors} requiredRule={null} choosesCategory previewChoices={previewChoices} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={PRIMARY_BUTTON}>
              Add the message
            </button>
            <button
              type="submit"
              formAction={previewUrl}
              formTarget={PREVIEW_FRAME}
              formMethod="post"
              // A draft may be incomplete (a new message's empty body): the preview shows it all the same.
              formNoValidate
              className={SECONDARY_BUTTON}
              data-preview-button=""
            >
              Preview
            </button>
            <a className={LINK} href={`/admin/editions/${slug}/messages`}>
              All e-mails
            </a>
          </div>
        </form>
      </div>
      <PreviewPane url={previewUrl} />
    </div>
  );
}
