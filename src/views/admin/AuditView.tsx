/** The audit log: every change made in the admin, newest first, a page at a time. */
import { formatUtcDateTime } from '../../domain/dates.ts';
import { AdminTable } from './AdminTable.tsx';

export interface AuditRow {
  id: number;
  createdAt: Date;
  actorLabel: string;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
}

interface AuditViewProps {
  rows: AuditRow[];
  page: number;
  pageCount: number;
  total: number;
  basePath: string;
}

const LINK = 'rounded-full px-4 py-1.5 font-semibold ring-1 ring-ink/15 hover:bg-brand-primary/10';
const DISABLED = 'rounded-full px-4 py-1.5 text-muted ring-1 ring-ink/5';

export function AuditView({ rows, page, pageCount, total, basePath }: AuditViewProps) {
  const pageHref = (target: number) => (target === 1 ? basePath : `${basePath}?page=${target}`);
  return (
    <div>
      <p className="text-sm text-muted">{total === 1 ? '1 entry' : `${total} entries`}, newest first. Times are in UTC.</p>
      <AdminTable columns={['When', 'Who', 'Action', 'What', 'Summary']} className="mt-4">
        {rows.map((row) => (
          <tr key={row.id} data-audit-row={row.id} className="border-t border-ink/10 align-top">
            <td className="px-4 py-3 whitespace-nowrap">
              <time dateTime={row.createdAt.toISOString()}>{formatUtcDateTime(row.createdAt)}</time>
            </td>
            <td className="px-4 py-3 break-all">{row.actorLabel}</td>
            <td className="px-4 py-3">{row.action}</td>
            <td className="px-4 py-3">{row.entityId === null ? row.entityType : `${row.entityType} #${row.entityId}`}</td>
            <td className="px-4 py-3">{row.summary}</td>
          </tr>
        ))}
      </AdminTable>
      {rows.length === 0 ? <p className="mt-4 text-muted">Nothing has been recorded yet.</p> : null}
      <nav aria-label="Audit log pages" className="mt-6 flex flex-wrap items-center gap-4 text-sm">
        {page > 1 ? (
          <a className={LINK} href={pageHref(page - 1)} rel="prev">
            Previous
          </a>
        ) : (
          <span className={DISABLED} aria-disabled="true">
            Previous
          </span>
        )}
        <span>
          Page {page} of {pageCount}
        </span>
        {page < pageCount ? (
          <a className={LINK} href={pageHref(page + 1)} rel="next">
            Next
          </a>
        ) : (
          <span className={DISABLED} aria-disabled="true">
            Next
          </span>
        )}
      </nav>
    </div>
  );
}
