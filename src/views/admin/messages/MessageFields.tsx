/**
 * The fields of an e-mail's form, for editing one and for adding one: subject, markdown body
 * with the merge fields listed, the category (a host's own message only), the switch and the
 * send rule (none for the required confirmation and "find my access"), whom the preview is for;
 * and the preview frame beside the form. The rule's options come from the one list of send
 * rules, the categories' from the one list of categories.
 */
import { mergeFields } from '../../../domain/mail/merge-fields.ts';
import type { MessageFormErrors, MessageFormValues } from '../../../domain/mail/message-form.ts';
import { categoryLabel, messageCategories } from '../../../domain/mail/message-kinds.ts';
import { ruleKindLabel, sendRuleKinds } from '../../../domain/mail/send-rules.ts';
import { Field } from '../../../components/form/Field.tsx';
import { INPUT } from '../../../components/form/styles.ts';

/** The name the preview frame has; the form's Preview button posts to it. */
export const PREVIEW_FRAME = 'message-preview';

const messagesOf = (errors: MessageFormErrors, name: keyof MessageFormValues) => (errors[name] ? [errors[name] as string] : undefined);

function RuleFields({ values, errors }: { values: MessageFormValues; errors: MessageFormErrors }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-2 font-medium">When it is sent</legend>
      <Field name="ruleKind" label="Sent on" messages={messagesOf(errors, 'ruleKind')}>
        {(control) => (
          <select {...control} defaultValue={values.ruleKind} className={INPUT}>
            {sendRuleKinds.map((kind) => (
              <option key={kind} value={kind}>
                {ruleKindLabel(kind)}
              </option>
            ))}
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

function CategoryField({ values, errors }: { values: MessageFormValues; errors: MessageFormErrors }) {
  return (
    <Field name="category" label="Who gets it" messages={messagesOf(errors, 'category')}>
      {(control) => (
        <select {...control} defaultValue={values.category} className={INPUT}>
          {messageCategories.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Whom the preview is for; the live preview re-posts when it changes. */
function PreviewFor({ choices }: { choices: { id: number; label: string }[] }) {
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

export interface MessageFieldsProps {
  values: MessageFormValues;
  errors: MessageFormErrors;
  /** The required messages' rule, described ("When they register"), in place of the switch and the rule. */
  requiredRule: string | null;
  /** A host's own message (or a new one) chooses its category. */
  choosesCategory: boolean;
  /** The edition's registrants the preview can be shown for ("registrant:{id}"). */
  previewChoices: { id: number; label: string }[];
}

export function MessageFields({ values, errors, requiredRule, choosesCategory, previewChoices }: MessageFieldsProps) {
  return (
    <>
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
      {choosesCategory ? <CategoryField values={values} errors={errors} /> : null}
      {requiredRule ? (
        <p className="text-sm text-muted" data-required-message="">
          {requiredRule}. This e-mail carries the registrant’s personal links, so it is always sent and cannot be switched off.
        </p>
      ) : (
        <>
          <Field
            name="enabled"
            label="Send this e-mail"
            checkbox={(control) => <input {...control} type="checkbox" defaultChecked={values.enabled} />}
          />
          <RuleFields values={values} errors={errors} />
        </>
      )}
      <PreviewFor choices={previewChoices} />
    </>
  );
}

/** The frame the draft is previewed in, sandboxed: the e-mail as mail programs show it. */
export function PreviewPane({ url }: { url: string }) {
  return (
    <div>
      <h2 className="mb-2 font-semibold">Preview, as sent</h2>
      <iframe
        name={PREVIEW_FRAME}
        title="E-mail preview"
        src={url}
        sandbox=""
        className="h-[48rem] w-full rounded-2xl bg-white ring-1 ring-ink/10"
      />
    </div>
  );
}

/** The form's notice: saved, or what stopped it. */
export function FormNotice({ notice }: { notice?: { ok: boolean; text: string } | undefined }) {
  if (!notice) return null;
  return (
    <p
      role={notice.ok ? 'status' : 'alert'}
      className={`rounded-xl px-4 py-3 text-sm ${notice.ok ? 'bg-brand-accent/10' : 'bg-red-50 text-red-800'}`}
    >
      {notice.text}
    </p>
  );
}
