/**
 * One e-mail's editor: its fields (MessageFields.tsx) with a live preview for a sample or a chosen
 * registrant at the moment it goes to them (the form posts to the preview frame, and the script
 * re-posts as the host types or chooses); the outbox for this e-mail: failures, retry, a test to
 * me; and for a host's own e-mail, deleting it after a confirmation.
 */
import type { MessageFormErrors, MessageFormValues } from '../../../domain/mail/message-form.ts';
import { Field } from '../../../components/form/Field.tsx';
import { CARD, DANGER_BUTTON, SECONDARY_BUTTON } from '../../../components/form/styles.ts';
import { MessageFields, MessageForm } from './MessageFields.tsx';
import type { MessageRowView } from './MessagesView.tsx';
import { messageEditorActions } from '../../../domain/admin-actions.ts';
import type { Deliverability } from '../../../domain/mail/deliverability.ts';
import { DeliverabilityFigures } from '../DeliverabilityFigures.tsx';

export interface MessageEditorProps {
  slug: string;
  message: MessageRowView;
  values: MessageFormValues;
  errors: MessageFormErrors;
  notice?: { ok: boolean; text: string } | undefined;
  failures: { id: number; to: string; attempts: number; error: string | null }[];
  /** The edition's registrants the preview can be shown for ("registrant:{id}"). */
  previewChoices: { id: number; label: string }[];
  /** What each merge field gives, in the edition's pass names and currency (mergeFieldHelp). */
  fieldHelp: Record<string, string>;
  /** What stopped a deletion (the confirmation not ticked), shown at its field. */
  deletionProblem?: string | undefined;
  /** How this message's copies were received, or null before any went out. */
  deliverability: Deliverability | null;
}

function Outbox({ message, failures, deliverability }: Pick<MessageEditorProps, 'message' | 'failures' | 'deliverability'>) {
  const { counts } = message;
  return (
    <section className={`${CARD} space-y-4`} aria-labelledby="outbox-heading">
      <h2 id="outbox-heading" className="text-xl font-semibold">
        Outbox
      </h2>
      <p data-outbox-counts="">
        {counts.scheduled} scheduled · {counts.sent} sent · {counts.failed} failed · {counts.skipped} skipped · {counts.bounced} bounced ·{' '}
        {counts.complained} marked as spam
      </p>
      {deliverability ? <DeliverabilityFigures figures={deliverability} heading="How this e-mail is received" /> : null}
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
          <input type="hidden" name="action" value={messageEditorActions.enum['retry-failed']} />
          <button type="submit" className={SECONDARY_BUTTON} disabled={!counts.failed}>
            Retry failed
          </button>
        </form>
        <form method="post">
          <input type="hidden" name="action" value={messageEditorActions.enum['send-test']} />
          <button type="submit" className={SECONDARY_BUTTON}>
            Send a test to me
          </button>
        </form>
      </div>
    </section>
  );
}

/** Deleting a host's own e-mail, confirmed by a box: copies not sent yet never go, and the record of those sent goes too. */
function DeleteMessage({ message, problem }: { message: MessageRowView; problem: string | undefined }) {
  return (
    <section aria-labelledby="delete-heading" className={`${CARD} space-y-4 ring-red-200`}>
      <h2 id="delete-heading" className="text-xl font-semibold">
        Delete this e-mail
      </h2>
      <p className="text-sm text-muted">
        Copies not sent yet will not go, and the record of the {message.counts.sent} sent goes with it. To stop it for now, switch it off
        instead.
      </p>
      <form method="post" className="space-y-4">
        <input type="hidden" name="action" value={messageEditorActions.enum.delete} />
        <Field
          name="confirmDelete"
          label={`Yes, delete “${message.name}”`}
          messages={problem ? [problem] : undefined}
          checkbox={(control) => <input {...control} type="checkbox" value="yes" />}
        />
        <button type="submit" className={DANGER_BUTTON}>
          Delete the e-mail
        </button>
      </form>
    </section>
  );
}

export function MessageEditorView({
  slug,
  message,
  values,
  errors,
  notice,
  failures,
  previewChoices,
  fieldHelp,
  deletionProblem,
  deliverability,
}: MessageEditorProps) {
  return (
    <MessageForm
      slug={slug}
      previewUrl={`/admin/editions/${slug}/messages/${message.id}/preview`}
      notice={notice}
      submitLabel="Save"
      below={
        <>
          <Outbox message={message} failures={failures} deliverability={deliverability} />
          {message.deletable ? <DeleteMessage message={message} problem={deletionProblem} /> : null}
        </>
      }
    >
      <input type="hidden" name="action" value={messageEditorActions.enum.save} />
      <MessageFields
        values={values}
        errors={errors}
        requiredRule={message.required ? message.rule : null}
        choosesCategory={message.choosesCategory}
        previewChoices={previewChoices}
        fieldHelp={fieldHelp}
      />
    </MessageForm>
  );
}
