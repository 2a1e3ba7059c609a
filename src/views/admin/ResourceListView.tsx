/** A managed resource's entries in display order, with edit, preview, move and delete. */
import { AdminTable } from './AdminTable.tsx';
import { withArticle } from '../../domain/wording.ts';
import { OutcomeNotice } from '../../components/form/OutcomeNotice.tsx';
import { resourceListActions } from '../../domain/admin-actions.ts';

interface ResourceListViewProps {
  singular: string;
  columns: string[];
  rows: { id: number; cells: string[]; previewHref: string }[];
  basePath: string;
  query: string;
  message?: string;
}

const BUTTON = 'rounded-lg px-2 py-1 text-sm ring-1 ring-ink/15 hover:bg-brand-primary/10';

export function ResourceListView({ singular, columns, rows, basePath, query, message }: ResourceListViewProps) {
  return (
    <div>
      <OutcomeNotice outcome={message ? { ok: true, text: message } : null} className="mb-4" />
      <a href={`${basePath}/new${query}`} className="inline-block rounded-full bg-brand-primary-strong px-5 py-2 font-semibold text-white">
        Add {withArticle(singular)}
      </a>
      <AdminTable columns={[...columns, 'Actions']} className="mt-6">
        {rows.map((row) => (
          <tr key={row.id} data-admin-row={row.id} className="border-t border-ink/10">
            {row.cells.map((cell, index) => (
              <td key={index} className="px-4 py-3">
                {cell}
              </td>
            ))}
            <td className="px-4 py-3">
              <div className="flex flex-wrap items-center gap-2">
                <a className={BUTTON} href={`${basePath}/${row.id}${query}`}>
                  Edit
                </a>
                <a className={BUTTON} href={row.previewHref} target="_blank" rel="noopener noreferrer">
                  Preview
                </a>
                <form method="post" className="contents">
                  <input type="hidden" name="id" value={row.id} />
                  <button
                    className={BUTTON}
                    name="action"
                    value={resourceListActions.enum.up}
                    aria-label={`Move ${singular} #${row.id} up`}
                  >
                    ↑
                  </button>
                  <button
                    className={BUTTON}
                    name="action"
                    value={resourceListActions.enum.down}
                    aria-label={`Move ${singular} #${row.id} down`}
                  >
                    ↓
                  </button>
                  <button className={`${BUTTON} text-red-700`} name="action" value={resourceListActions.enum.delete}>
                    Delete
                  </button>
                </form>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      {rows.length === 0 ? <p className="mt-4 text-muted">Nothing here yet.</p> : null}
    </div>
  );
}
