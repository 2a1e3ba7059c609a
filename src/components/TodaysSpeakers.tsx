/**
 * "Today's Speakers" on day pages and dashboards (docs/PRODUCT.md "Day pages"): a spinner while loading,
 * an alert on failure, the day's speaker cards, or an announcement when there are none yet.
 */
import type { ShownSpeaker } from '../domain/shown-content.ts';
import { SpeakerCardList } from './SpeakersGrid.tsx';
import { Spinner } from './Spinner.tsx';

export type TodaysSpeakersProps = ({ state: 'loading' } | { state: 'error' } | { state: 'success'; speakers: ShownSpeaker[] }) & {
  dayNumber: number;
};

function Body(props: TodaysSpeakersProps) {
  if (props.state === 'loading') return <Spinner label="Loading speakers..." />;
  if (props.state === 'error') {
    return (
      <div role="alert" className="rounded-2xl bg-white p-6 text-center ring-1 ring-ink/10">
        <p>
          <strong className="font-semibold text-ink">Error loading speakers</strong>
        </p>
        <p className="mt-1 text-muted">Please try refreshing the page</p>
      </div>
    );
  }
  if (props.speakers.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-ink/10">
        Speakers for Day {props.dayNumber} will be announced soon.
      </p>
    );
  }
  return <SpeakerCardList speakers={props.speakers} />;
}

export function TodaysSpeakers(props: TodaysSpeakersProps) {
  const headingId = `todays-speakers-day-${props.dayNumber}`;
  return (
    <section aria-labelledby={headingId} aria-busy={props.state === 'loading' ? true : undefined} data-todays-speakers="" className="py-10">
      <h2 id={headingId} className="mb-8 text-center font-serif text-3xl font-bold text-ink">
        Today's Speakers
      </h2>
      <Body {...props} />
    </section>
  );
}
