/**
 * /admin/editions/{slug}/messages/new: "Add a message", an e-mail of the host's own with any send
 * rule, the same fields and live preview as the editor. Nothing is stored until every field is
 * right; the problems show at their fields.
 */
import type { MessageFormErrors, MessageFormValues } from '../../../domain/mail/message-form.ts';
import { MessageFields, MessageForm } from './MessageFields.tsx';

export interface NewMessageProps {
  slug: string;
  values: MessageFormValues;
  errors: MessageFormErrors;
  notice?: { ok: boolean; text: string } | undefined;
  previewChoices: { id: number; label: string }[];
  /** What each merge field gives, in the edition's pass names and currency (mergeFieldHelp). */
  fieldHelp: Record<string, string>;
}

export function NewMessageView({ slug, values, errors, notice, previewChoices, fieldHelp }: NewMessageProps) {
  return (
    <MessageForm slug={slug} previewUrl={`/admin/editions/${slug}/messages/new/preview`} notice={notice} submitLabel="Add the message">
      <MessageFields
        values={values}
        errors={errors}
        requiredRule={null}
        choosesCategory
        previewChoices={previewChoices}
        fieldHelp={fieldHelp}
      />
    </MessageForm>
  );
}
