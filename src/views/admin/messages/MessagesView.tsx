/**
 * /admin/editions/{slug}/messages: the edition's e-mails with their send rules and outbox counts,
 * the defaults the code's sequence gained since the edition got its messages (each offered with
 * Add and Dismiss), and the way to add an e-mail of the host's own.
 */
import type { MessageSummary } from '../../../domain/mail/message-summary.ts';
import { CARD, LINK, PRIMARY_BUTTON, SECONDARY_BUTTON, SMALL_PRIMARY_BUTTON } from '../../../components/form/styles.ts';
import { Notice, ProblemList } from '../editions/notices.tsx';
import { RevisionOffer, type RevisionOfferView } from './RevisionOffer.tsx';
import { messageListActions } from '../../../domain/admin-actions.ts';
import type { Deliverability } from '../../../domain/mail/deliverability.ts';
import { DeliverabilityFigures } from '../DeliverabilityFigures.tsx';

export type MessageRowView = MessageSummary;

/** A default message the edition lacks, offered to the host. */
export interface OfferedMessageView {
  key: string;
  name: string;
  subject: string;
  rule: string;
}

/** The table's columns; the counts are numbers, set to the right. */
const COLUMNS = [
  { label: 'E-mail', numeric: false },
  { label: 'When', numeric: false },
  { label: 'On', numeric: false },
  { label: 'Scheduled', numeric: true },
  { label: 'Sent', numeric: true },
  { label: 'Failed', numeric: true },
  { label: 'Skipped', numeric: true },
  { label: 'Bounced', numeric: true },
  { label: 'Spam', numeric: true },
];

function Offer({ offer }: { offer: OfferedMessageView }) {
  const headingId = `offer-${offer.key}`;
  return (
    <section aria-labelledby={headingId} className={`${CARD} space-y-3`} data-offered-message={offer.key}>
      <h2 id={headingId} className="font-semibold">
        A new message is available: {offer.subject}
      </h2>
      <p className="text-sm text-muted">
        “{offer.name}”, {offer.rule.toLowerCase()}. The default e-mails gained it after this edition got its own; add it to send it, or
        dismiss it and it is not offered again.
      </p>
      <form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="key" value={offer.key} />
        <button
          type="submit"
          name="action"
          value={messageListActions.enum['add-default']}
          className={SMALL_PRIMARY_BUTTON}
          aria-describedby={headingId}
        >
          Add
        </button>
        <button
          type="submit"
          name="action"
          value={messageListActions.enum['dismiss-default']}
          className={SECONDARY_BUTTON}
          aria-describedby={headingId}
        >
          Dismiss
        </button>
      </form>
    </section>
  );
}

function MessagesTable({ slug, rows }: { slug: string; rows: MessageRowView[] }) {
  return (
    // Nine columns: a narrow screen scrolls the table, not the page.
    <div className="overflow-x-auto">
      <table className={`${CARD} w-full border-collapse p-0 text-left text-sm`}>
        <thead className="bg-surface">
          <tr>
            {COLUMNS.map(({ label, numeric }) => (
              <th key={label} scope="col" className={numeric ? 'px-4 py-3 text-right' : 'px-4 py-3'}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-message-row={row.id} className="border-t border-ink/10">
              <td className="px-4 py-3">
                <a className={LINK} href={`/admin/editions/${slug}/messages/${row.id}`}>
                  {row.name}
                </a>
                <span className="ml-2 text-xs text-muted">{row.tags.join(', ')}</span>
              </td>
              <td className="px-4 py-3">{row.rule}</td>
              <td className="px-4 py-3">{row.required ? 'Always' : row.enabled ? 'On' : 'Off'}</td>
              <td className="px-4 py-3 text-right tabular-nums">{row.counts.scheduled}</td>
              <td className="px-4 py-3 text-right tabular-nums">{row.counts.sent}</td>
              <td className={`px-4 py-3 text-right tabular-nums ${row.counts.failed ? 'font-semibold text-red-700' : ''}`}>
                {row.counts.failed}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{row.counts.skipped}</td>
              <td className="px-4 py-3 text-right tabular-nums">{row.counts.bounced}</td>
              <td className="px-4 py-3 text-right tabular-nums">{row.counts.complained}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MessagesView({
  slug,
  editionName,
  rows,
  offers,
  revisions,
  deliverability,
  notice,
  problem,
}: {
  slug: string;
  editionName: string;
  rows: MessageRowView[];
  /** How the edition's mail is received, or null before any was sent. */
  deliverability: Deliverability | null;
  offers: OfferedMessageView[];
  /** New words for default e-mails the edition has. */
  revisions: RevisionOfferView[];
  notice?: string | undefined;
  /** What stopped an Add or Dismiss. */
  problem?: string | undefined;
}) {
  return (
    <div className="max-w-5xl space-y-6">
      <Notice message={notice} />
      <ProblemList title="Nothing was changed." problems={problem ? [problem] : undefined} />
      {offers.map((offer) => (
        <Offer key={offer.key} offer={offer} />
      ))}
      {revisions.map((revision) => (
        <RevisionOffer key={revision.id} revision={revision} />
      ))}
      <p className="text-sm text-muted">
        The e-mails {editionName} sends, all in the brand’s logo, colours and name with its support address. Each goes once per registrant;
        marketing e-mails go only to registrants who agreed to them and stop when someone unsubscribes; transactional ones (the
        confirmation, “find my access”, pass receipts) always go.
      </p>
      {deliverability ? <DeliverabilityFigures figures={deliverability} heading={`How ${editionName}’s e-mails are received`} /> : null}
      <MessagesTable slug={slug} rows={rows} />
      <a className={`${PRIMARY_BUTTON} inline-block`} href={`/admin/editions/${slug}/messages/new`}>
        Add a message
      </a>
    </div>
  );
}
