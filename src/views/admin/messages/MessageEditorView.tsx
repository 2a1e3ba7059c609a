/**
 * One e-mail's editor: subject, markdown body with merge fields, the switch and the send rule
 * (none for the required confirmation and "find my access"); a live preview for a sample or a
 * chosen registrant at the moment it goes to them (the form posts to the preview frame, and the
 * script re-posts as the host types or chooses); the outbox for this e-mail: failures, retry, a test to me.
 */
import { mergeFields } from '../../../domain/mail/merge-fields.ts';
import type { MessageFormErrors, MessageFormValues } from '../../../domain/mail/message-form.ts';
import { Field } from '../../../components/form/Field.tsx';
import { CARD, INPUT, LINK, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/form/styles.ts';
import type { MessageRowView } from './MessagesView.tsx';

export interface MessageEditorProps {
  slug: string;
  message: MessageRowView;
  values: MessageFormValues;
  errors: MessageFormErrors;
  notice?: { ok: boolean; text: string } | undefined;
  failures: { id: number; to: string; attempts: number; error: string | null }[];
  /** The edition's registrants the preview can be shown for ("registrant:{id}"). */
  previewChoices: { id: number; label: string }[];
}

const messagesOf = (errors: MessageFormErrors, name: keyof MessageFormValues) => (errors[name] ? [errors[name] as string] : undefined);

function RuleFields({ values, errors }: { values: MessageFormValues; errors: MessageFormErrors }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-2 font-medium">When it is sent</legend>
      <Field name="ruleKind" label="Relative to" messages={messagesOf(errors, 'ruleKind')}>
        {(control) => (
          <select {...control} defaultValue={values.ruleKind} className={INPUT}>
            <option value="after-registration">Registration</option>
            <option value="day">A day’s start</option>
            <option value="after-summit">The end of the summit</option>
            <option value="pass-purchase">A pass purchase</option>
          </select>
        )}
      </Field>
      <Field name="day" label="Day (for a day’s start)" messages={messagesOf(errors, 'day')}>
        {(control) => (
          <select {...control} defaultValue={values.day} className={INPUT}>
            {['1', '2', '3'].map((day) => (
              <option key={day} value={day}>{`Day ${day}`}</option>
            ))}
          </select>
        )}
      </Field>
      <Field name="offsetHours" label="Offset in hours (negative: before)" messages={messagesOf(errors, 'offsetHours')}>
        {(control) => <input {...control} type="number" step="0.25" defaultValue={values.offsetHours} className={INPUT} />}
      </Field>
    </fieldset>
  );
}

/** Whom the preview is for; the live preview re-posts when it changes. */
function PreviewFor({ choices }: { choices: MessageEditorProps['previewChoices'] }) {
  return (
    <Field
      name="previewFor"
      label="Preview for"
      help="The preview shows the e-mail as this registrant gets it, at the moment it is sent to them."
    >
      {(control) => (
        <select {...control} defaultValue="sample" className={INPUT}>
          <option value="sample">A sample registrant who registers now</option>
          {choices.map((choice) => (
            <option key={choice.id} value={`registrant:${choice.id}`}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The switch and the send rule, or for a required message a line saying why there are none. */
function Sending({ message, values, errors }: Pick<MessageEditorProps, 'message' | 'values' | 'errors'>) {
  if (message.required) {
    return (
      <p className="text-sm text-muted" data-required-message="">
        {message.rule}. This e-mail carries the registrant’s personal links, so it is always sent and cannot be switched off.
      </p>
    );
  }
  return (
    <>
      <Field
        name="enabled"
        label="Send this e-mail"
        checkbox={(control) => <input {...control} type="checkbox" defaultChecked={values.enabled} />}
      />
      <RuleFields values={values} errors={errors} />
    </>
  );
}

function Outbox({ message, failures }: Pick<MessageEditorProps, 'message' | 'failures'>) {
  const { counts } = message;
  return (
    <section className={`${CARD} space-y-4`} aria-labelledby="outbox-heading">
      <h2 id="outbox-heading" className="text-xl font-semibold">
        Outbox
      </h2>
      <p data-outbox-counts="">
        {counts.scheduled} scheduled · {counts.sent} sent · {counts.failed} failed · {counts.skipped} skipped
      </p>
      {failures.length ? (
        <ul className="list-disc space-y-1 pl-5 text-sm" aria-label="Failures">
          {failures.map((failure) => (
            <li key={failure.id}>
              {failure.to}: {failure.error ?? 'unknown error'} ({failure.attempts} attempts)
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <form method="post">
          <input type="hidden" name="action" value="retry-failed" />
          <button type="submit" className={SECONDARY_BUTTON} disabled={!counts.failed}>
            Retry failed
          </button>
        </form>
        <form method="post">
          <input type="hidden" name="action" value="send-test" />
          <button type="submit" className={SECONDARY_BUTTON}>
            Send a test to me
          </button>
        </form>
      </div>
    </section>
  );
}

export function MessageEditorView({ slug, message, values, errors, notice, failures, previewChoices }: MessageEditorProps) {
  const previewUrl = `/admin/editions/${slug}/messages/${message.id}/preview`;
  return (
    <div className="grid max-w-6xl gap-8 lg:grid-cols-2">
      <div className="space-y-6">
        {notice ? (
          <p
            role={notice.ok ? 'status' : 'alert'}
            className={`rounded-xl px-4 py-3 text-sm ${notice.ok ? 'bg-brand-accent/10' : 'bg-red-50 text-red-800'}`}
          >
            {notice.text}
          </p>
        ) : null}
        <form method="post" className={`${CARD} space-y-5`} data-message-editor="" data-preview-url={previewUrl}>
          <input type="hidden" name="action" value="save" />
          <Field name="subject" label="Subject" required messages={messagesOf(errors, 'subject')}>
            {(control) => <input {...control} type="text" maxLength={200} defaultValue={values.subject} className={INPUT} />}
          </Field>
          <Field name="body" label="Message (markdown)" required messages={messagesOf(errors, 'body')}>
            {(control) => <textarea {...control} rows={14} defaultValue={values.body} className={`${INPUT} font-mono text-sm`} />}
          </Field>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Merge fields</summary>
            <ul className="mt-2 space-y-1">
              {Object.entries(mergeFields).map(([name, field]) => (
                <li key={name}>
                  <code>{`{{${name}}}`}</code>: {field.help}
                </li>
              ))}
            </ul>
          </details>
          <Sending message={message} values={values} errors={errors} />
          <PreviewFor choices={previewChoices} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={PRIMARY_BUTTON}>
              Save
            </button>
            <button
              type="submit"
              formAction={previewUrl}
              formTarget="message-preview"
              formMethod="post"
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
        <Outbox message={message} failures={failures} />
      </div>
      <div>
        <h2 className="mb-2 font-semibold">Preview, as sent</h2>
        <iframe
          name="message-preview"
          title="E-mail preview"
          src={previewUrl}
          sandbox=""
          className="h-[48rem] w-full rounded-2xl bg-white ring-1 ring-ink/10"
        />
      </div>
    </div>
  );
}
