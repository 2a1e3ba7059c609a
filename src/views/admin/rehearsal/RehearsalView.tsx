/**
 * /admin/editions/{slug}/rehearsal (decision 0077): choose the registrants, rehearse, and read the
 * report: contradictions first, then what the product description imposes, then each registrant's
 * timeline by summit day. The form is a GET: a rehearsal sends and changes nothing.
 */
import type { RehearsalScreen } from '../../../domain/rehearsal/screen.ts';
import { FINDING_LABELS, type Finding, type RehearsalReport } from '../../../domain/rehearsal/report.ts';
import { CARD, INPUT, LINK, PRIMARY_BUTTON } from '../../../components/form/styles.ts';
import { MailByDay, RegistrantTimeline } from './RehearsalTimeline.tsx';

function CastForm({ kinds, more, error, checkLinks }: Pick<RehearsalScreen, 'kinds' | 'more' | 'error' | 'checkLinks'>) {
  return (
    <form method="get" className={`${CARD} space-y-4`} aria-labelledby="cast-heading">
      <h2 id="cast-heading" className="text-lg font-semibold">
        Registrants to follow
      </h2>
      <input type="hidden" name="run" value="1" />
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">Registrant kinds</legend>
        {kinds.map((kind) => (
          <label key={kind.value} className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="registrant" value={kind.value} defaultChecked={kind.checked} className="mt-1" />
            {kind.label}
          </label>
        ))}
      </fieldset>
      <label htmlFor="rehearsal-more" className="block text-sm">
        More registrants: kinds, each with the reader’s time zone if you like (free:America/New_York, pass-aap)
        <input
          id="rehearsal-more"
          name="more"
          defaultValue={more}
          maxLength={2000}
          className={INPUT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'rehearsal-error' : undefined}
        />
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="check-links" value="1" defaultChecked={checkLinks} className="mt-1" />
        Also open the links outside the site (your checkout, your own pages): they leave the site. The site’s own links are always answered.
      </label>
      {error ? (
        <p id="rehearsal-error" className="text-sm text-red-800" data-rehearsal-error="">
          {error}
        </p>
      ) : null}
      <button type="submit" className={PRIMARY_BUTTON}>
        Rehearse the summit
      </button>
    </form>
  );
}

function Findings({ id, title, findings, empty }: { id: string; title: string; findings: Finding[]; empty: string }) {
  return (
    <section aria-labelledby={id} className={CARD} data-findings={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title} ({findings.length})
      </h2>
      {findings.length ? (
        <ul className="mt-3 space-y-2 text-sm">
          {findings.map((finding, index) => (
            <li key={index} className="break-words">
              <strong>{FINDING_LABELS[finding.kind]}</strong>: {finding.where}
              {finding.registrant ? `, ${finding.registrant}` : ''}
              {finding.at ? ` at ${finding.at}` : ''}. {finding.text}
              {finding.imposedBy ? <span className="block text-muted">{finding.imposedBy}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm">{empty}</p>
      )}
    </section>
  );
}

function Report({ report, jsonHref }: { report: RehearsalReport; jsonHref: string }) {
  const { edition } = report;
  return (
    <div className="space-y-6">
      <p className="text-sm" data-rehearsal-summary="">
        {edition.name} ({edition.timezone}, {edition.accessMode} mode, {edition.currency.toUpperCase()}), from {report.from} to {report.to}.
        Nothing was sent or changed.{' '}
        <a className={LINK} href={jsonHref} download>
          Download the report (JSON)
        </a>
      </p>
      <Findings
        id="contradictions"
        title="Contradictions"
        findings={report.contradictions}
        empty="No contradiction: every page, e-mail, price and call agrees."
      />
      <Findings id="imposed" title="Imposed by the product description" findings={report.notes} empty="Nothing to note." />
      <MailByDay registrants={report.registrants} />
      <section aria-labelledby="registrants-heading" className="space-y-3">
        <h2 id="registrants-heading" className="text-lg font-semibold">
          Each registrant, day by day
        </h2>
        {report.registrants.map((registrant) => (
          <RegistrantTimeline
            key={registrant.key}
            registrant={registrant}
            findings={report.contradictions.filter((finding) => finding.registrant === registrant.key).length}
          />
        ))}
      </section>
      {report.limits.length ? (
        <ul className="list-disc pl-5 text-sm text-muted">
          {report.limits.map((limit) => (
            <li key={limit}>{limit}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function RehearsalView({ kinds, more, error, checkLinks, report, jsonHref }: RehearsalScreen) {
  return (
    <div className="space-y-6">
      <p className="max-w-prose text-sm">
        The edition’s whole timeline, from registration opening to the last e-mail after the summit, run on a simulated clock by the site’s
        own rules for the registrants you choose: every e-mail, what each page shows, the feed, and the calls that would leave the site.
        Nothing is sent and nothing changes.
      </p>
      <CastForm kinds={kinds} more={more} error={error} checkLinks={checkLinks} />
      {report ? <Report report={report} jsonHref={jsonHref} /> : null}
    </div>
  );
}
