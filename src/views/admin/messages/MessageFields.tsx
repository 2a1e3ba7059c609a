/**
 * The fields of an e-mail's form, for editing one and for adding one: subject, markdown body
 * with the merge fields listed, the category (a host's own message only), the switch and the
 * send rule (none for the required confirmation and "find my access"), whom the preview is for;
 * and the preview frame beside the form. The rule's options come from the one list of send
 * rules, the categories' from the one list of categories.
 */
import type { ReactNode } from 'react';
import type { MessageFormErrors, MessageFormValues } from '../../../domain/mail/message-form.ts';
import { categoryLabel, messageCategories } from '../../../domain/mail/message-kinds.ts';
import { ruleKindLabel, sendRuleKinds } from '../../../domain/mail/send-rules.ts';
import { Field } from '../../../components/form/Field.tsx';
import { optionsOf, SelectField, type SelectOption } from '../../../components/form/Select.tsx';
import { CARD, INPUT, LINK, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/form/styles.ts';
import { OutcomeNotice } from '../../../components/form/OutcomeNotice.tsx';

/** The name the preview frame has; the form's Preview button posts to it. */
const PREVIEW_FRAME = 'message-preview';

const messagesOf = (errors: MessageFormErrors, name: keyof MessageFormValues) => (errors[name] ? [errors[name] as string] : undefined);

const RULE_KIND_OPTIONS = optionsOf(sendRuleKinds, ruleKindLabel);
const DAY_OPTIONS = optionsOf(['1', '2', '3'], (day) => `Day ${day}`);
const CATEGORY_OPTIONS = optionsOf(messageCategories, categoryLabel);

interface FormState {
  values: MessageFormValues;
  errors: MessageFormErrors;
}

/** A select of one of the message's values, with its message. */
function ValueSelect({
  name,
  label,
  options,
  values,
  errors,
}: FormState & { name: 'ruleKind' | 'day' | 'category'; label: string; options: readonly SelectOption[] }) {
  return <SelectField name={name} label={label} messages={messagesOf(errors, name)} defaultValue={values[name]} options={options} />;
}

function RuleFields({ values, errors }: FormState) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-2 font-medium">When it is sent</legend>
      <ValueSelect name="ruleKind" label="Sent on" options={RULE_KIND_OPTIONS} values={values} errors={errors} />
      <ValueSelect name="day" label="Day (for a day’s start)" options={DAY_OPTIONS} values={values} errors={errors} />
      <Field name="offsetHours" label="Offset in hours (negative: before)" messages={messagesOf(errors, 'offsetHours')}>
        {(control) => <input {...control} type="number" step="0.25" defaultValue={values.offsetHours} className={INPUT} />}
      </Field>
    </fieldset>
  );
}

/** Whom the preview is for, a sample registrant first; the live preview re-posts when it changes. */
function PreviewFor({ choices }: { choices: { id: number; label: string }[] }) {
  const options = [
    { value: 'sample', label: 'A sample registrant who registers now' },
    ...choices.map((choice) => ({ value: `registrant:${choice.id}`, label: choice.label })),
  ];
  return (
    <SelectField
      name="previewFor"
      label="Preview for"
      help="The preview shows the e-mail as this registrant gets it, at the moment it is sent to them."
      defaultValue="sample"
      options={options}
    />
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
  /** What each merge field gives, in the edition's pass names and currency (mergeFieldHelp). */
  fieldHelp: Record<string, string>;
}

export function MessageFields({ values, errors, requiredRule, choosesCategory, previewChoices, fieldHelp }: MessageFieldsProps) {
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
          {Object.entries(fieldHelp).map(([name, help]) => (
            <li key={name}>
              <code>{`{{${name}}}`}</code>: {help}
            </li>
          ))}
        </ul>
      </details>
      {choosesCategory ? (
        <ValueSelect name="category" label="Who gets it" options={CATEGORY_OPTIONS} values={values} errors={errors} />
      ) : null}
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
function PreviewPane({ url }: { url: string }) {
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

interface MessageFormProps {
  slug: string;
  /** Where the Preview button posts the draft, and what the frame first shows. */
  previewUrl: string;
  notice?: { ok: boolean; text: string } | undefined;
  /** The main button's text ("Save", "Add the message"). */
  submitLabel: string;
  /** The form's fields (MessageFields) and any hidden inputs before them. */
  children: ReactNode;
  /** What the page shows under the form (the outbox, deleting). */
  below?: ReactNode;
}

/**
 * An e-mail's form beside its preview, for editing one and for adding one: the notice, the form
 * with its buttons (its own submit, Preview, back to the list), and the preview frame. The form
 * carries its preview address for the script that re-posts as the host types or chooses.
 */
export function MessageForm({ slug, previewUrl, notice, submitLabel, children, below }: MessageFormProps) {
  return (
    <div className="grid max-w-6xl gap-8 lg:grid-cols-2">
      <div className="space-y-6">
        <OutcomeNotice outcome={notice} />
        <form method="post" className={`${CARD} space-y-5`} data-message-editor="" data-preview-url={previewUrl}>
          {children}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={PRIMARY_BUTTON}>
              {submitLabel}
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
        {below}
      </div>
      <PreviewPane url={previewUrl} />
    </div>
  );
}
