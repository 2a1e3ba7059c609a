/**
 * Admin → Registrants → Import: the columns the file may have, the upload (its dry run), the dry
 * run's report row by row, and the import of what it showed, with the e-mail box off by default.
 * A long import runs in the background (docs/decisions/0076): its progress (the page passes the
 * island that keeps it current as `children`), then its report.
 */
import type { ReactNode } from 'react';
import { IMPORT_REPORT_FIRST_ROWS, IMPORT_REPORT_ROWS, MAX_IMPORT_ROWS } from '../../domain/registrants/import-limits.ts';
import type { ImportReport, ReportedRow } from '../../domain/registrants/import-report.ts';
import { plural } from '../../domain/wording.ts';
import { OutcomeNotice } from '../../components/form/OutcomeNotice.tsx';
import { ImportProgressNotice } from '../../components/ImportProgressNotice.tsx';
import { AdminTable } from './AdminTable.tsx';
import { registrantImportActions } from '../../domain/admin-actions.ts';

/** An import's progress as the page shows it (src/server/registrants/import-jobs.ts). */
export interface ImportProgress {
  id: number;
  status: 'running' | 'done' | 'failed' | 'stopped';
  rowsTotal: number;
  rowsDone: number;
  committedThroughRow: number;
  refused: number;
  error: string | null;
}

export interface RegistrantImportViewProps {
  editionSlug: string;
  problems: string[];
  report: ImportReport | null;
  staged: string | null;
  job: ImportProgress | null;
  /** What shows a running import's progress (the page's island); without it, the progress as it was. */
  children?: ReactNode;
}

export const importJobPath = (editionSlug: string, id: number) =>
  `/admin/registrants/import?edition=${encodeURIComponent(editionSlug)}&job=${id}`;

const BUTTON = 'rounded-full bg-brand-primary-strong px-5 py-2 text-sm font-semibold text-white';
const LINK = 'text-brand-primary-strong underline underline-offset-4';
const OUTCOME_WORDS: Record<ReportedRow['outcome'], string> = {
  added: 'Added',
  updated: 'Updated',
  unchanged: 'Unchanged',
  refused: 'Refused',
};

function Columns() {
  return (
    <details className="mt-4 rounded-xl bg-white p-4 text-sm ring-1 ring-ink/10">
      <summary className="cursor-pointer font-semibold">The columns the file may have</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          <b>email</b> and <b>name</b> (required): an address already registered in the edition is updated, never added twice.
        </li>
        <li>
          <b>edition</b>: an edition’s slug; empty means this edition.
        </li>
        <li>
          <b>consent</b> to the marketing e-mails: yes, no, true, false, 1 or 0. Empty: a new registrant gets no marketing e-mails; a known
          one keeps their choice.
        </li>
        <li>
          <b>pass</b>: empty, replay or aap (granted as by hand; an import never takes a pass away).
        </li>
        <li>
          <b>registered_at</b>: an ISO date or time (2026-03-01 or 2026-03-01T09:30:00Z); empty means now.
        </li>
      </ul>
      <p className="mt-2">
        Header names in any case; other columns are ignored. A cell starting with =, +, - or @ is refused unless it starts with ' (as the
        site’s own export writes it). At most {MAX_IMPORT_ROWS.toLocaleString('en')} rows a file.
      </p>
    </details>
  );
}

function Totals({ report }: { report: ImportReport }) {
  const lead = report.dryRun
    ? `Dry run: ${plural(report.rows, 'row')} read; nothing has changed yet.`
    : `Imported ${plural(report.rows, 'row')}.`;
  const parts = [`${report.added} added`, `${report.updated} updated`, `${report.unchanged} unchanged`, `${report.refused} refused`];
  const mail = report.dryRun ? '' : ` ${report.emailsQueued ? `${plural(report.emailsQueued, 'e-mail')} queued.` : 'No e-mail sent.'}`;
  return (
    <OutcomeNotice
      outcome={{ ok: true, text: `${lead} ${report.dryRun ? 'Would be: ' : ''}${parts.join(', ')}.${mail}` }}
      className="mt-4"
    />
  );
}

function ReportTable({ report }: { report: ImportReport }) {
  return (
    <>
      {report.complete ? null : (
        <p className="mt-4 text-sm">
          Listed: the first {IMPORT_REPORT_FIRST_ROWS} rows, then only refused ones, up to {IMPORT_REPORT_ROWS} in all; the totals count
          every row.
        </p>
      )}
      {/* Focusable, so the table scrolls sideways from the keyboard on a narrow screen. */}
      <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label="The file’s rows">
        <AdminTable columns={['Row', 'E-mail', 'Edition', 'Outcome', 'Why / what changes']} className="min-w-[40rem]">
          {report.listed.map((row) => (
            <tr key={row.row} data-import-row={row.row} data-outcome={row.outcome} className="border-t border-ink/10">
              <td className="px-4 py-2">{row.row}</td>
              <td className="px-4 py-2 break-words">{row.email || '—'}</td>
              <td className="px-4 py-2">{row.edition || '—'}</td>
              <td className={`px-4 py-2 font-semibold ${row.outcome === 'refused' ? 'text-red-800' : ''}`}>{OUTCOME_WORDS[row.outcome]}</td>
              <td className="px-4 py-2">{row.reason ?? (row.changes.length ? row.changes.join(', ') : '')}</td>
            </tr>
          ))}
        </AdminTable>
      </div>
    </>
  );
}

function ImportForm({ staged, report }: { staged: string; report: ImportReport }) {
  if (!report.added && !report.updated) return <p className="mt-4 text-sm">Nothing to import: every row is unchanged or refused.</p>;
  return (
    <form method="post" className="mt-4 space-y-3 rounded-2xl bg-white p-4 ring-1 ring-ink/10">
      <input type="hidden" name="staged" value={staged} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="send_email" value="yes" className="mt-1" />
        <span>Send the confirmation e-mail to the new registrants (and the pass confirmation to those given a pass)</span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="each_row" value="yes" className="mt-1" />
        <span>
          Tell connected tools (webhooks, e-mail lists) about each row. Unticked, they hear of the import once, when it is done, and e-mail
          lists add its registrants in bulk.
        </span>
      </label>
      <button className={BUTTON} name="action" value={registrantImportActions.enum.import}>
        Import
      </button>
    </form>
  );
}

function Progress({ job, editionSlug, children }: { job: ImportProgress; editionSlug: string; children?: ReactNode }) {
  const counted = `${job.rowsDone.toLocaleString('en')} of ${plural(job.rowsTotal, 'row')} done, ${job.refused} refused`;
  if (job.status === 'running') {
    return (
      <div className="mt-4" data-import-job={job.id} data-status="running">
        {children ?? <ImportProgressNotice progress={job} self={importJobPath(editionSlug, job.id)} />}
      </div>
    );
  }
  if (job.status === 'done') return null;
  const why = job.status === 'stopped' ? 'The site stopped while importing' : `The import failed (${job.error ?? 'unknown error'})`;
  return (
    <div className="mt-4" data-import-job={job.id} data-status={job.status}>
      <OutcomeNotice
        outcome={{
          ok: false,
          text: `${why}: ${counted}. Every row up to row ${job.committedThroughRow} is in, the rest not. Import the same file again to finish: rows already in are unchanged.`,
        }}
      />
    </div>
  );
}

export function RegistrantImportView({ editionSlug, problems, report, staged, job, children }: RegistrantImportViewProps) {
  const back = `/admin/registrants?edition=${encodeURIComponent(editionSlug)}`;
  return (
    <section className="mx-auto max-w-5xl">
      <a className={`${LINK} text-sm`} href={back}>
        ← Registrants
      </a>
      <p className="mt-2 text-sm">
        Upload a CSV file (UTF-8). You first see what it would do, row by row; nothing changes until you press Import. Importing the same
        file again changes nothing.
      </p>
      <Columns />
      {problems.length ? <OutcomeNotice outcome={{ ok: false, text: problems.join(' ') }} className="mt-4" /> : null}
      <form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="import-file" className="block text-sm font-semibold">
            CSV file
          </label>
          <input id="import-file" type="file" name="file" accept=".csv,text/csv" required className="mt-1 max-w-full text-sm" />
        </div>
        <button className={BUTTON} name="action" value={registrantImportActions.enum['dry-run']}>
          Dry run
        </button>
      </form>
      {job ? (
        <Progress job={job} editionSlug={editionSlug}>
          {children}
        </Progress>
      ) : null}
      {report ? <Totals report={report} /> : null}
      {report && staged ? <ImportForm staged={staged} report={report} /> : null}
      {report ? <ReportTable report={report} /> : null}
      {report && !report.dryRun ? (
        <p className="mt-4 text-sm">
          <a className={LINK} href={back}>
            See the registrants
          </a>
        </p>
      ) : null}
    </section>
  );
}
