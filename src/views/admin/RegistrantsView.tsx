/**
 * An edition's registrants: search, pages, CSV download, tier change and delete per row; per
 * registrant their passes, refunds, marketing consent or unsubscribe, and time zone.
 */
import { formatUtcDateTime } from '../../domain/dates.ts';
import { registrantTiers, type RegistrantTier } from '../../domain/entities.ts';
import type { RegistrantListRow } from '../../domain/registrants/registrant-list-row.ts';
import { AdminTable } from './AdminTable.tsx';
import { OutcomeNotice } from '../../components/form/OutcomeNotice.tsx';
import { registrantListActions } from '../../domain/admin-actions.ts';

export interface RegistrantsViewProps {
  editionSlug: string;
  rows: RegistrantListRow[];
  /** What the edition calls each tier (its passes' names). */
  tierNames: Record<RegistrantTier, string>;
  total: number;
  page: number;
  pageCount: number;
  /** The search applied ('' for none). */
  q: string;
  /** The search text as typed, shown in the field. */
  searchText: string;
  /** Problems with the query string (bad page, search too long). */
  errors?: string[];
  /** The outcome of a tier change or delete. */
  message?: { ok: boolean; text: string };
}

const BUTTON = 'rounded-lg px-2 py-1 text-sm ring-1 ring-ink/15 hover:bg-brand-primary/10';
const LINK = 'text-brand-primary-strong underline underline-offset-4';

function listHref({ path, editionSlug, q, page }: { path: string; editionSlug: string; q: string; page?: number }): string {
  const params = new URLSearchParams({ edition: editionSlug });
  if (q) params.set('q', q);
  if (page && page > 1) params.set('page', String(page));
  return `${path}?${params.toString()}`;
}

function countText(total: number, q: string): string {
  const noun = total === 1 ? 'registrant' : 'registrants';
  if (!q) return `${total} ${noun}`;
  return `${total} ${noun} ${total === 1 ? 'matches' : 'match'} “${q}”`;
}

/** Problems with the query string, and the outcome of the last tier change or delete. */
function Notices({ errors, message }: Pick<RegistrantsViewProps, 'errors' | 'message'>) {
  return (
    <>
      {errors?.length ? (
        <div role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
      <OutcomeNotice outcome={message} className="mb-4" />
    </>
  );
}

/** The search form, "Show everyone" while a search applies, and the CSV of what is listed. */
function SearchBar({ editionSlug, q, searchText }: Pick<RegistrantsViewProps, 'editionSlug' | 'q' | 'searchText'>) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <form method="get" action="/admin/registrants" role="search" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="edition" value={editionSlug} />
        <div>
          <label htmlFor="registrants-search" className="block text-sm font-semibold">
            Search registrants
          </label>
          <input
            id="registrants-search"
            type="search"
            name="q"
            defaultValue={searchText}
            maxLength={200}
            placeholder="First name or e-mail"
            className="mt-1 w-72 max-w-full rounded-lg border border-ink/20 bg-white px-3 py-2 text-sm"
          />
        </div>
        <button type="submit" className="rounded-full bg-brand-primary-strong px-5 py-2 text-sm font-semibold text-white">
          Search
        </button>
        {q ? (
          <a className={`${LINK} py-2 text-sm`} href={listHref({ path: '/admin/registrants', editionSlug, q: '' })}>
            Show everyone
          </a>
        ) : null}
      </form>
      <div className="flex flex-wrap gap-2">
        <a className={`${BUTTON} inline-block`} href={listHref({ path: '/admin/registrants.csv', editionSlug, q })} download>
          Download CSV
        </a>
        <a className={`${BUTTON} inline-block`} href={listHref({ path: '/admin/registrants/import', editionSlug, q: '' })}>
          Import CSV
        </a>
      </div>
    </div>
  );
}

/** A row's tier change and delete, each its own POST form. */
function RowActions({ row, tierNames }: { row: RegistrantListRow; tierNames: Record<RegistrantTier, string> }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <form method="post" className="flex items-center gap-2">
        <input type="hidden" name="id" value={row.id} />
        <label htmlFor={`tier-${row.id}`} className="sr-only">
          {`Tier of registrant #${row.id}`}
        </label>
        <select
          id={`tier-${row.id}`}
          name="tier"
          defaultValue={row.tier}
          className="rounded-lg border border-ink/20 bg-white px-2 py-1 text-sm"
        >
          {registrantTiers.map((tier) => (
            <option key={tier} value={tier}>
              {tierNames[tier]}
            </option>
          ))}
        </select>
        <button
          className={BUTTON}
          name="action"
          value={registrantListActions.enum.tier}
          aria-label={`Save the tier of registrant #${row.id}`}
        >
          Save
        </button>
      </form>
      <form method="post" className="contents">
        <input type="hidden" name="id" value={row.id} />
        <button
          className={`${BUTTON} text-red-700`}
          name="action"
          value={registrantListActions.enum.delete}
          aria-label={`Delete registrant #${row.id} (${row.email})`}
        >
          Delete
        </button>
      </form>
    </div>
  );
}

/** Marketing e-mails: agreed (when, with the words on hover), unsubscribed since, or never agreed. */
function MarketingCell({ row }: { row: RegistrantListRow }) {
  if (row.unsubscribedAt) {
    return (
      <span data-marketing="unsubscribed">
        Unsubscribed <time dateTime={row.unsubscribedAt}>{formatUtcDateTime(row.unsubscribedAt)}</time>
      </span>
    );
  }
  if (row.consentedAt) {
    return (
      <span data-marketing="agreed" title={row.consentWording ?? undefined}>
        Agreed <time dateTime={row.consentedAt}>{formatUtcDateTime(row.consentedAt)}</time>
      </span>
    );
  }
  return <span data-marketing="none">Not agreed: transactional only</span>;
}

function RegistrantRow({
  row,
  editionSlug,
  tierNames,
}: { row: RegistrantListRow } & Pick<RegistrantsViewProps, 'editionSlug' | 'tierNames'>) {
  return (
    <tr data-registrant-row={row.id} className="border-t border-ink/10">
      <td className="px-4 py-3">
        <a className="underline underline-offset-4" href={`/admin/registrants/${row.id}?edition=${encodeURIComponent(editionSlug)}`}>
          {row.firstName}
        </a>
      </td>
      <td className="px-4 py-3 break-all">{row.email}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        <time dateTime={row.registeredAt}>{formatUtcDateTime(row.registeredAt)}</time>
      </td>
      <td className="px-4 py-3">{tierNames[row.tier]}</td>
      <td className="px-4 py-3">{row.passes.join(', ') || '—'}</td>
      <td className="px-4 py-3">{row.refunds.join(', ') || '—'}</td>
      <td className="px-4 py-3">
        <MarketingCell row={row} />
      </td>
      <td className="px-4 py-3">{row.timeZone ?? '—'}</td>
      <td className="px-4 py-3">
        <RowActions row={row} tierNames={tierNames} />
      </td>
    </tr>
  );
}

function RegistrantsTable({ rows, editionSlug, tierNames }: Pick<RegistrantsViewProps, 'rows' | 'editionSlug' | 'tierNames'>) {
  return (
    <AdminTable
      columns={['Name', 'E-mail', 'Registered', 'Tier', 'Passes', 'Refunds', 'Marketing e-mails', 'Time zone', 'Actions']}
      className="mt-2"
    >
      {rows.map((row) => (
        <RegistrantRow key={row.id} row={row} editionSlug={editionSlug} tierNames={tierNames} />
      ))}
    </AdminTable>
  );
}

function Pager({ editionSlug, q, page, pageCount }: Pick<RegistrantsViewProps, 'editionSlug' | 'q' | 'page' | 'pageCount'>) {
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center gap-4 text-sm">
      {page > 1 ? (
        <a className={LINK} rel="prev" href={listHref({ path: '/admin/registrants', editionSlug, q, page: page - 1 })}>
          Previous page
        </a>
      ) : null}
      <span>{`Page ${page} of ${pageCount}`}</span>
      {page < pageCount ? (
        <a className={LINK} rel="next" href={listHref({ path: '/admin/registrants', editionSlug, q, page: page + 1 })}>
          Next page
        </a>
      ) : null}
    </nav>
  );
}

export function RegistrantsView({
  editionSlug,
  rows,
  tierNames,
  total,
  page,
  pageCount,
  q,
  searchText,
  errors = [],
  message,
}: RegistrantsViewProps) {
  return (
    <div>
      <Notices errors={errors} message={message} />
      <SearchBar editionSlug={editionSlug} q={q} searchText={searchText} />
      <p className="mt-4 text-sm text-muted" data-registrants-count={total}>
        {countText(total, q)}
      </p>
      <RegistrantsTable rows={rows} editionSlug={editionSlug} tierNames={tierNames} />
      {rows.length === 0 ? <p className="mt-4 text-muted">{q ? `No registrants match “${q}”.` : 'No registrants yet.'}</p> : null}
      <p className="mt-2 text-xs text-muted">Times are in UTC.</p>
      <Pager editionSlug={editionSlug} q={q} page={page} pageCount={pageCount} />
    </div>
  );
}
