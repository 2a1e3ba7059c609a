/** Admin → Affiliates' figures: one line per affiliate, money in the edition's currency (src/domain/money.ts). */
import type { AffiliateScreenRow, AffiliatesScreenState } from '../../../domain/affiliates/affiliate-figures.ts';
import { AFFILIATE_KIND_LABELS } from '../../../domain/affiliates/affiliate-figures.ts';
import { addBalances } from '../../../domain/affiliates/balances.ts';
import { formatRate } from '../../../domain/affiliates/rates.ts';
import { formatMoney } from '../../../domain/money.ts';
import { AdminTable } from '../AdminTable.tsx';

const CELL = 'px-4 py-2';
const NUMBER = 'px-4 py-2 text-right tabular-nums whitespace-nowrap';
const COLUMNS = ['Affiliate', 'Rate', 'Clicks', 'Registrations', 'Passes', 'Revenue', 'Pending', 'Approved', 'Paid', 'Owed back'];

function Row({ row, currency }: { row: AffiliateScreenRow; currency: string }) {
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <tr className="border-t border-ink/10" data-affiliate-row={row.code}>
      <th scope="row" className={`${CELL} min-w-40 font-normal`}>
        <a href={`#affiliate-${row.linkId}`} className="font-semibold underline underline-offset-4">
          {row.name}
        </a>
        <span className="block text-xs text-muted">
          {AFFILIATE_KIND_LABELS[row.kind]} · /r/{row.code}
        </span>
      </th>
      <td className={NUMBER} data-figure="rate">
        {formatRate(row.rateBp)}
        {row.ownRateBp === null ? <span className="block text-xs text-muted">edition’s</span> : null}
      </td>
      <td className={NUMBER} data-figure="clicks">
        {row.clicks}
      </td>
      <td className={NUMBER} data-figure="registrations">
        {row.registrations}
      </td>
      <td className={NUMBER} data-figure="passes">
        {row.passes}
        {row.ownPurchases > 0 ? (
          <span className="block text-xs text-muted" data-figure="own-purchases">
            +{row.ownPurchases} own purchase{row.ownPurchases === 1 ? '' : 's'}, no commission
          </span>
        ) : null}
      </td>
      <td className={NUMBER} data-figure="revenue">
        {money(row.revenue)}
      </td>
      <td className={NUMBER} data-figure="pending">
        {money(row.balances.pending)}
      </td>
      <td className={NUMBER} data-figure="approved">
        {money(row.balances.approved)}
      </td>
      <td className={NUMBER} data-figure="paid">
        {money(row.balances.paid)}
      </td>
      <td className={NUMBER} data-figure="owed">
        {money(row.balances.owed)}
      </td>
    </tr>
  );
}

export function AffiliatesTable({ state }: { state: AffiliatesScreenState }) {
  if (!state.rows.length) return <p className="text-sm text-muted">No affiliates yet: add speakers, hosts or a partner.</p>;
  const totals = addBalances(state.rows.map((row) => row.balances));
  const money = (amount: number) => formatMoney(amount, state.currency);
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Affiliates’ figures (scrolls sideways)">
      <AdminTable columns={COLUMNS}>
        {state.rows.map((row) => (
          <Row key={row.linkId} row={row} currency={state.currency} />
        ))}
        <tr className="border-t-2 border-ink/20 font-semibold" data-affiliate-totals="">
          <th scope="row" className={CELL}>
            All affiliates
          </th>
          <td className={NUMBER} />
          <td className={NUMBER}>{state.rows.reduce((sum, row) => sum + row.clicks, 0)}</td>
          <td className={NUMBER}>{state.rows.reduce((sum, row) => sum + row.registrations, 0)}</td>
          <td className={NUMBER}>{state.rows.reduce((sum, row) => sum + row.passes, 0)}</td>
          <td className={NUMBER}>{money(state.rows.reduce((sum, row) => sum + row.revenue, 0))}</td>
          <td className={NUMBER}>{money(totals.pending)}</td>
          <td className={NUMBER}>{money(totals.approved)}</td>
          <td className={NUMBER}>{money(totals.paid)}</td>
          <td className={NUMBER}>{money(totals.owed)}</td>
        </tr>
      </AdminTable>
    </div>
  );
}
