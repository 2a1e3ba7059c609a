/**
 * Admin → Data requests (docs/decisions/0084): each copy and erasure a person asked for, with its
 * dates and state, and a copy made for someone who asked by e-mail.
 */
import { TextField } from '../../components/form/TextField.tsx';
import { CARD, PRIMARY_BUTTON } from '../../components/form/styles.ts';
import { ANSWER_WITHIN_DAYS, daysToAnswer, type DataRequestRow } from '../../domain/registrant-data/data-request.ts';
import { AdminTable } from './AdminTable.tsx';

export interface DataRequestsViewProps {
  requests: DataRequestRow[];
  email: string;
  problem?: string | undefined;
}

const at = (date: Date | null) => (date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '');
const KIND = { export: 'Copy of their data', erasure: 'Erasure' } as const;
const SOURCE = { registrant: 'on their "Your data" page', admin: 'by e-mail, exported by an admin' } as const;
const STATE = { answered: 'Answered', waiting: 'Waiting for their confirmation link', expired: 'Link not confirmed in time' } as const;

function ExportForm({ email }: { email: string }) {
  return (
    <form method="post" className={`${CARD} space-y-4`} data-export-form="">
      <h2 className="text-lg font-semibold">Export a person's data</h2>
      <p className="text-sm text-muted">
        For someone who asked by e-mail: everything the site holds about their address, in every edition, as the JSON file they could
        download themselves. Send it to them; the request is listed below as answered.
      </p>
      <input type="hidden" name="action" value="export" />
      <TextField name="email" label="Their e-mail address" type="email" adminField={false} defaultValue={email} />
      <button type="submit" className={PRIMARY_BUTTON}>
        Download their data
      </button>
    </form>
  );
}

export function DataRequestsView({ requests, email, problem }: DataRequestsViewProps) {
  return (
    <div className="space-y-8">
      <p className="text-sm text-muted">
        Every copy of their data and every erasure people asked for, with when they asked and when it was answered: the law gives a month (
        {ANSWER_WITHIN_DAYS} days here). An erased person's address is not kept; the dates and what was done stay.
      </p>
      {problem ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      <ExportForm email={email} />
      {requests.length ? (
        <AdminTable columns={['Request', 'Who', 'Asked', 'Answered', 'State']}>
          {requests.map((row) => {
            const days = daysToAnswer(row);
            return (
              <tr key={row.id} className="border-t border-ink/10" data-data-request={row.state}>
                <td className="px-4 py-3">
                  {KIND[row.kind]}, {SOURCE[row.source]}
                </td>
                <td className="px-4 py-3 break-all">{row.email ?? '(erased)'}</td>
                <td className="px-4 py-3">{at(row.requestedAt)}</td>
                <td className="px-4 py-3">
                  {at(row.answeredAt)}
                  {days !== null ? ` (${days === 0 ? 'same day' : `${days} day${days === 1 ? '' : 's'}`})` : ''}
                </td>
                <td className="px-4 py-3">
                  {STATE[row.state]}
                  {row.outcome ? `: ${row.outcome}` : ''}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      ) : (
        <p className="text-sm text-muted">No one has asked for their data yet.</p>
      )}
    </div>
  );
}
