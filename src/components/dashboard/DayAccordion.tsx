/**
 * "Your Summit Days" (docs/PRODUCT.md "Dashboards"): a single-open accordion of the summit days made of
 * exclusive <details name="summit-days"> (the FAQ's technique: the browser keeps one open, an
 * open one closes again, keyboard and screen readers get the native disclosure). Each day holds
 * its episodes (src/components/DayEpisodes.tsx: a player only when the day is open to the
 * visitor), the day's host view (dashboard context) and the day's speakers.
 */
import type { BlockState } from '../../domain/block-state.ts';
import type { DashboardDay } from '../../domain/dashboard-page.ts';
import { dayHeading } from '../../domain/day-title.ts';
import { filterByDay } from '../../domain/people.ts';
import type { ShownSpeaker } from '../../domain/shown-content.ts';
import { DayEpisodes } from '../DayEpisodes.tsx';
import { HostLoaderView } from '../host/HostLoaderView.tsx';
import { DashboardSpeaker } from './DashboardSpeaker.tsx';
import { BlockError, EmptyNote } from './DashboardSection.tsx';

export interface DayAccordionProps {
  days: DashboardDay[];
  speakers: BlockState<ShownSpeaker[]>;
  summit: string;
  audioHost: string;
  allAccessUrl: string;
  /** The edition's name for the All Access Pass. */
  allAccessName: string;
  /** The host views' context: the session links (All Access, docs/PRODUCT.md "Host views"), or the upsell on a reduced dashboard. */
  hostContext?: 'public' | 'dashboard';
}

/** "Day 1: Rooted in Purpose", never "Day 1: Day 1: …" (src/domain/day-title.ts). */
export const daySummary = dayHeading;

function DaySpeakers({
  day,
  speakers,
  allAccessUrl,
  allAccessName,
  context,
}: {
  day: number;
  speakers: BlockState<ShownSpeaker[]>;
  allAccessUrl: string;
  allAccessName: string;
  context: 'public' | 'dashboard';
}) {
  const headingId = `day-${day}-speakers-heading`;
  let body;
  if (speakers.state === 'error') {
    body = (
      <BlockError>
        <p>
          <strong className="font-semibold">Error loading speakers</strong>
        </p>
        <p className="mt-1 text-muted">Please try refreshing the page</p>
      </BlockError>
    );
  } else {
    const todays = filterByDay(speakers.data, day);
    body =
      todays.length === 0 ? (
        <EmptyNote>Speakers for Day {day} will be announced soon.</EmptyNote>
      ) : (
        <ul className="grid items-start gap-5 md:grid-cols-2">
          {todays.map((speaker) => (
            <DashboardSpeaker
              key={speaker.id}
              speaker={speaker}
              allAccessUrl={allAccessUrl}
              allAccessName={allAccessName}
              context={context}
            />
          ))}
        </ul>
      );
  }
  return (
    <div aria-labelledby={headingId} role="group" data-day-speakers={day}>
      <h3 id={headingId} className="mb-5 font-serif text-2xl font-bold text-ink">
        Day {day} Speakers
      </h3>
      {body}
    </div>
  );
}

export function DayAccordion({
  days,
  speakers,
  summit,
  audioHost,
  allAccessUrl,
  allAccessName,
  hostContext = 'dashboard',
}: DayAccordionProps) {
  return (
    <div className="space-y-3">
      {days.map(({ day, info, host, episodes, listening, hostCard }) => (
        <details
          key={day}
          name="summit-days"
          data-day-panel={day}
          className="group rounded-3xl bg-white ring-1 ring-ink/10 open:ring-brand-primary/40"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-3xl px-6 py-5 font-serif text-xl font-bold text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary [&::-webkit-details-marker]:hidden">
            {daySummary(day, info?.title)}
            <span aria-hidden="true" className="text-2xl text-brand-primary-strong transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <div className="space-y-10 px-4 pb-6 sm:px-6">
            <DayEpisodes
              day={day}
              dayTitle={daySummary(day, info?.title)}
              playerLength={info?.playerLength}
              episodes={episodes}
              listening={listening}
              audioHost={audioHost}
              headingLevel="h3"
            />
            <HostLoaderView
              {...(host.state === 'success' ? { state: 'success', host: host.data } : { state: 'error' })}
              summit={summit}
              day={day}
              context={hostContext}
              audioHost={audioHost}
              allAccessUrl={allAccessUrl}
              fallbackTexts={hostCard}
              allAccessName={allAccessName}
              durationPlace="hostCard"
            />
            <DaySpeakers day={day} speakers={speakers} allAccessUrl={allAccessUrl} allAccessName={allAccessName} context={hostContext} />
          </div>
        </details>
      ))}
    </div>
  );
}
