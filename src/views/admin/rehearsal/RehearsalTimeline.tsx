/** One registrant's rehearsal, by summit day (decision 0077): their story, e-mails, pages, feed and outbound calls. */
import { DAY_GROUP_LABELS } from '../../../domain/rehearsal/moments.ts';
import { timelineByDay, type RegistrantReport, type TimelineEntry } from '../../../domain/rehearsal/report.ts';
import { CARD } from '../../../components/form/styles.ts';

function Entry({ entry }: { entry: TimelineEntry }) {
  switch (entry.kind) {
    case 'story':
      return <strong>{entry.text}</strong>;
    case 'mail':
      return (
        <>
          E-mail “{entry.message}” ({entry.rule}): {entry.skipped ? <em>skipped: {entry.skipped}</em> : <>“{entry.subject}”</>}
          {entry.prices.length ? `; quotes ${entry.prices.join(', ')}` : ''}
        </>
      );
    case 'pages':
      return (
        <>
          {entry.moment}
          <ul className="mt-1 list-disc pl-5">
            {entry.pages.map((page) => (
              <li key={page.page}>
                {page.page}: {page.shows}
                {page.offer ? `; offers ${page.offer}` : ''}
              </li>
            ))}
            <li>Feed: {entry.feed.length ? entry.feed.join('; ') : 'no episode yet'}</li>
          </ul>
        </>
      );
    case 'outbound':
      return (
        <>
          Event {entry.event}: {entry.calls.length ? entry.calls.join('; ') : 'no endpoint wants it'}
        </>
      );
  }
}

export function RegistrantTimeline({ registrant, findings }: { registrant: RegistrantReport; findings: number }) {
  return (
    <details className={CARD} data-registrant={registrant.key}>
      <summary className="cursor-pointer font-semibold">
        {registrant.label} <span className="font-normal text-muted">(reads in {registrant.timeZone})</span>
        {findings ? <span className="ml-2 text-red-800">{findings} contradictions</span> : null}
      </summary>
      {registrant.refused ? <p className="mt-3 text-sm">{registrant.refused}</p> : null}
      {timelineByDay(registrant.timeline).map((group) => (
        <section key={String(group.day)} className="mt-4">
          <h3 className="font-semibold">{DAY_GROUP_LABELS[String(group.day)]}</h3>
          <ol className="mt-2 space-y-2 text-sm">
            {group.entries.map((entry, index) => (
              <li key={index} className="break-words">
                <time dateTime={entry.at} className="mr-2 text-muted">
                  {entry.at.slice(0, 16).replace('T', ' ')} UTC
                </time>
                <Entry entry={entry} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </details>
  );
}

/** The e-mails of every registrant, day by day: what goes out on each day of the summit. */
export function MailByDay({ registrants }: { registrants: RegistrantReport[] }) {
  const groups = timelineByDay(
    registrants
      .flatMap((registrant) => registrant.timeline.map((entry) => ({ ...entry, who: registrant.key })))
      .sort((a, b) => a.at.localeCompare(b.at)),
  );
  return (
    <section aria-labelledby="by-day-heading" className={CARD} data-mail-by-day="">
      <h2 id="by-day-heading" className="text-lg font-semibold">
        E-mails day by day
      </h2>
      {groups.map((group) => (
        <section key={String(group.day)} className="mt-4">
          <h3 className="font-semibold">{DAY_GROUP_LABELS[String(group.day)]}</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {group.entries.flatMap((entry) =>
              entry.kind === 'mail' ? (
                <li key={`${entry.who} ${entry.at} ${entry.message}`} className="break-words">
                  {entry.who}: “{entry.message}” {entry.skipped ? <em>skipped ({entry.skipped})</em> : 'sent'}
                </li>
              ) : (
                []
              ),
            )}
          </ul>
        </section>
      ))}
    </section>
  );
}
