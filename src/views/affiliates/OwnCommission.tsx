/** An affiliate's own commission on their private page (decision 0066): rate, balances and their ledger lines. */
import { CAUSE_LABELS, type OwnCommission } from '../../domain/affiliates/own-page.ts';

function Amount({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <div className="rounded-2xl bg-surface p-4" data-commission={name}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

export function OwnCommissionSection({ commission }: { commission: OwnCommission }) {
  return (
    <section aria-labelledby="commission-heading" className="mt-10">
      <h2 id="commission-heading" className="font-serif text-2xl font-bold">
        Your commission
      </h2>
      <p className="mt-2 text-sm text-muted">
        You earn {commission.rate} of each pass bought through your link (less tax): {commission.passes}{' '}
        {commission.passes === 1 ? 'pass' : 'passes'} so far, {commission.revenue}. A sale’s commission is pending until its refund period
        ends, then approved and paid by the host.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Amount label="Pending" value={commission.pending} name="pending" />
        <Amount label="Approved, to be paid" value={commission.approved} name="approved" />
        <Amount label="Paid" value={commission.paid} name="paid" />
        <Amount label="Owed back" value={commission.owed} name="owed" />
      </dl>
      {commission.lines.length ? (
        <div className="mt-6 overflow-x-auto" tabIndex={0} role="region" aria-label="Your commission lines (scrolls sideways)">
          <table className="w-full border-collapse text-left text-sm" data-commission-lines="">
            <thead>
              <tr className="border-b border-ink/20">
                {['Date', 'What', 'Pass', 'Amount', 'State'].map((column) => (
                  <th key={column} scope="col" className="px-2 py-2 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {commission.lines.map((line, index) => (
                <tr key={index} className="border-b border-ink/10" data-commission-line={line.cause}>
                  <td className="px-2 py-2 whitespace-nowrap tabular-nums">{line.date}</td>
                  <td className="px-2 py-2">
                    {CAUSE_LABELS[line.cause]}
                    {line.note ? <span className="block text-xs text-muted">{line.note}</span> : null}
                  </td>
                  <td className="px-2 py-2">{line.pass ?? ''}</td>
                  <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">{line.amount}</td>
                  <td className="px-2 py-2">{line.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {commission.more ? <p className="mt-2 text-xs text-muted">The newest lines are shown; ask the host for the rest.</p> : null}
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted">No commission yet: it appears here with your first sale.</p>
      )}
    </section>
  );
}
