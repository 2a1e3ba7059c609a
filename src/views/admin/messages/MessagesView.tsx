/** /admin/editions/{slug}/messages: the edition's e-mails with their send rules and outbox counts. */
import { CARD, LINK } from '../../../components/form/styles.ts';
import { Notice } from '../editions/notices.tsx';

export interface MessageRowView {
  id: number;
  name: string;
  category: 'marketing' | 'transactional';
  enabled: boolean;
  rule: string;
  /** The confirmation and "find my access": always on, sent on their event. */
  required: boolean;
  counts: { scheduled: number; sent: number; failed: number; skipped: number };
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
];

export function MessagesView({
  slug,
  editionName,
  rows,
  notice,
}: {
  slug: string;
  editionName: string;
  rows: MessageRowView[];
  notice?: string | undefined;
}) {
  return (
    <div className="max-w-5xl space-y-6">
      <Notice message={notice} />
      <p className="text-sm text-muted">
        The e-mails {editionName} sends, all in the brand’s logo, colours and name with its support address. Each goes once per registrant;
        marketing e-mails go only to registrants who agreed to them and stop when someone unsubscribes; transactional ones (the
        confirmation, “find my access”, pass receipts) always go.
      </p>
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
                {row.category === 'transactional' ? <span className="ml-2 text-xs text-muted">transactional</span> : null}
              </td>
              <td className="px-4 py-3">{row.rule}</td>
              <td className="px-4 py-3">{row.required ? 'Always' : row.enabled ? 'On' : 'Off'}</td>
              <td className="px-4 py-3 text-right tabular-nums">{row.counts.scheduled}</td>
              <td className="px-4 py-3 text-right tabular-nums">{row.counts.sent}</td>
              <td className={`px-4 py-3 text-right tabular-nums ${row.counts.failed ? 'font-semibold text-red-700' : ''}`}>
                {row.counts.failed}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{row.counts.skipped}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
