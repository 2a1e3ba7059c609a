/** Two sections of the insights screen: who opened each timed page, and the passes sold with their revenue (also the admin's home figures). */
import type { TimedPage } from '../../../domain/edition.ts';
import type { EditionInsights } from '../../../domain/insights/edition-insights.ts';
import { formatRevenue } from '../../../domain/insights/revenue.ts';
import { TIMED_PAGE_LABELS } from '../../../domain/settings-form/timer-values.ts';
import { LINK } from '../../../components/form/styles.ts';
import { AdminTable } from '../AdminTable.tsx';

const NUMBER = 'px-4 py-2 tabular-nums';

export function OpenedPagesTable({ insights }: { insights: EditionInsights }) {
  return (
    <AdminTable columns={['Page', 'Registrants who opened it']}>
      {(Object.keys(TIMED_PAGE_LABELS) as TimedPage[]).map((page) => (
        <tr key={page} className="border-t border-ink/10" data-opened-page={page}>
          <td className="px-4 py-2">{TIMED_PAGE_LABELS[page]}</td>
          <td className={NUMBER}>{insights.openedPages[page]}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function PassesTable({ insights }: { insights: EditionInsights }) {
  return (
    <>
      <AdminTable columns={['Pass', 'Sold', 'Revenue']}>
        {insights.passes.map((row) => (
          <tr key={row.pass} className="border-t border-ink/10" data-pass-sales={row.pass}>
            <td className="px-4 py-2">{insights.passNames[row.pass]}</td>
            <td className={NUMBER}>{row.sold}</td>
            <td className={NUMBER}>{formatRevenue(row.revenue)}</td>
          </tr>
        ))}
      </AdminTable>
      <p className="mt-3 text-sm text-muted">
        Bought through the payment provider and not refunded or disputed; passes an admin granted are not counted. Payments that matched no
        registration wait in{' '}
        <a className={LINK} href="/admin/payments">
          held payments
        </a>
        .
      </p>
    </>
  );
}
