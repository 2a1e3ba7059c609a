/**
 * "Integration Week" (docs/PRODUCT.md "Dashboards"): the dates, then either the edition's fixed day-by-day
 * schedule with the community button (July), or the integration sessions loaded for the days the
 * edition shows, in the order given (opening ceremony first, closing last).
 */
import type { BlockState } from '../../domain/block-state.ts';
import type { IntegrationSchedule as Schedule } from '../../domain/dashboard-page.ts';
import { formatDayRange } from '../../domain/dates.ts';
import { Portrait } from '../Portrait.tsx';
import { fullName } from '../../domain/people.ts';
import type { ShownSession } from '../../domain/shown-content.ts';
import { safeHttpUrl } from '../../domain/url-policy.ts';
import { ExternalLinkButton } from '../ExternalLinkButton.tsx';
import { MARKUP_CLASS, SafeHtmlBlock } from '../SafeHtmlBlock.tsx';
import { BlockError, DASHBOARD_CARD_CLASS, DashboardSection, EmptyNote } from './DashboardSection.tsx';

export const SESSION_HEADSHOT_SIZE = 96;

type StaticEntries = Extract<Schedule, { kind: 'static' }>['entries'];

function StaticSchedule({ entries, communityUrl }: { entries: StaticEntries; communityUrl: string }) {
  return (
    <div className="space-y-8">
      <ol className="space-y-3">
        {entries.map((entry, index) => (
          <li
            key={`${index}-${entry.label}`}
            data-schedule-entry=""
            className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-primary/15 sm:flex-row sm:items-start sm:gap-6"
          >
            <div className="flex shrink-0 items-center gap-3 sm:w-36 sm:flex-col sm:items-start sm:gap-1">
              <span className="rounded-full bg-brand-primary/10 px-3 py-1 text-sm font-semibold text-brand-primary-strong">
                {entry.label}
              </span>
              <span className="text-sm font-medium text-muted">{entry.date}</span>
            </div>
            <div className="min-w-0 flex-1">
              <h3 className="font-serif text-xl font-bold text-ink">{entry.title}</h3>
              {entry.description ? <p className="mt-1 text-muted">{entry.description}</p> : null}
            </div>
          </li>
        ))}
      </ol>
      {communityUrl ? (
        <p className="text-center">
          <ExternalLinkButton href={communityUrl}>Access Integration Community</ExternalLinkButton>
        </p>
      ) : null}
    </div>
  );
}

function SessionCard({ session }: { session: ShownSession }) {
  const name = fullName(session);
  const descriptionHtml = session.descriptionHtml;
  const link = safeHttpUrl(session.integrationSessionLink);
  return (
    <li data-integration-session="" className={`flex flex-col gap-5 sm:flex-row sm:items-start ${DASHBOARD_CARD_CLASS}`}>
      <Portrait image={session.headshot} name={name} size={SESSION_HEADSHOT_SIZE} sizes="size-24" />
      <div className="min-w-0 flex-1">
        <p className="inline-block rounded-full bg-brand-primary/10 px-3 py-1 text-xs font-semibold tracking-wide text-brand-primary-strong uppercase">
          Day {session.day}
        </p>
        <h3 className="mt-3 font-serif text-xl font-bold text-ink">{session.topic}</h3>
        {name ? <p className="mt-1 font-medium text-ink">{name}</p> : null}
        {descriptionHtml ? <SafeHtmlBlock className={`mt-3 ${MARKUP_CLASS}`} html={descriptionHtml} /> : null}
        <div className="mt-5">
          {link ? (
            <ExternalLinkButton href={link}>Join the Session</ExternalLinkButton>
          ) : (
            <p className="inline-block rounded-full bg-surface px-4 py-2 text-sm font-semibold text-muted ring-1 ring-ink/10">
              Session link coming soon
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

function Sessions({ sessions }: { sessions: BlockState<ShownSession[]> }) {
  if (sessions.state === 'error') {
    return <BlockError>Error loading integration sessions. Please try refreshing the page.</BlockError>;
  }
  if (sessions.data.length === 0) return <EmptyNote>Integration sessions will be announced soon.</EmptyNote>;
  return (
    <ul className="space-y-5">
      {sessions.data.map((session) => (
        <SessionCard key={session.id} session={session} />
      ))}
    </ul>
  );
}

export interface IntegrationScheduleProps {
  schedule: Schedule;
  integrationWeek: { startDate: string; endDate: string } | null;
}

export function IntegrationSchedule({ schedule, integrationWeek }: IntegrationScheduleProps) {
  // An edition without an integration week (a fixed schedule with no entries) shows no section for it.
  if (schedule.kind === 'static' && schedule.entries.length === 0) return null;
  return (
    <DashboardSection
      id="integration-week"
      title="Integration Week"
      intro={
        integrationWeek ? (
          <span data-integration-dates="">{formatDayRange(integrationWeek.startDate, integrationWeek.endDate)}</span>
        ) : undefined
      }
    >
      {schedule.kind === 'static' ? (
        <StaticSchedule entries={schedule.entries} communityUrl={schedule.communityUrl} />
      ) : (
        <Sessions sessions={schedule.sessions} />
      )}
    </DashboardSection>
  );
}
