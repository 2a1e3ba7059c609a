/**
 * New words offered for a default e-mail the edition has (decision 0057): what changes and why,
 * the new subject and body to read first, then "Use the new words" or "Keep mine".
 */
import { CARD, SECONDARY_BUTTON, SMALL_PRIMARY_BUTTON } from '../../../components/form/styles.ts';
import { messageListActions } from '../../../domain/admin-actions.ts';

export interface RevisionOfferView {
  id: string;
  name: string;
  why: string;
  subject: string;
  body: string;
}

export function RevisionOffer({ revision }: { revision: RevisionOfferView }) {
  const headingId = `revision-${revision.id.replace(/[^a-z0-9-]/gi, '-')}`;
  return (
    <section aria-labelledby={headingId} className={`${CARD} space-y-3`} data-offered-revision={revision.id}>
      <h2 id={headingId} className="font-semibold">
        New words are available for “{revision.name}”
      </h2>
      <p className="text-sm text-muted">
        {revision.why} Your e-mail keeps its words until you choose; its switch and timing stay as they are either way.
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Read the new words</summary>
        <p className="mt-2 font-medium">{revision.subject}</p>
        <pre className="mt-2 font-mono text-xs whitespace-pre-wrap">{revision.body}</pre>
      </details>
      <form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="revision" value={revision.id} />
        <button
          type="submit"
          name="action"
          value={messageListActions.enum['take-revision']}
          className={SMALL_PRIMARY_BUTTON}
          aria-describedby={headingId}
        >
          Use the new words
        </button>
        <button
          type="submit"
          name="action"
          value={messageListActions.enum['keep-words']}
          className={SECONDARY_BUTTON}
          aria-describedby={headingId}
        >
          Keep mine
        </button>
      </form>
    </section>
  );
}
