/**
 * A grid of speakers in the three states of docs/PRODUCT.md "Speakers grid": loading (6 skeleton cards), error (the
 * caller's message), success (one card per speaker).
 */
import type { ShownSpeaker } from '../domain/shown-content.ts';
import { SpeakerCard, SpeakerCardSkeleton } from './SpeakerCard.tsx';

export const SKELETON_CARDS = 6;

export type SpeakersState =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'success'; speakers: ShownSpeaker[]; atPageTop?: boolean };

const gridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';

export function SpeakersGrid(props: SpeakersState) {
  if (props.state === 'loading') {
    return (
      <div aria-busy="true" aria-live="polite">
        <p className="sr-only">Loading speakers…</p>
        <ul className={gridClass}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <SpeakerCardSkeleton key={i} />
          ))}
        </ul>
      </div>
    );
  }
  if (props.state === 'error') {
    return (
      <p role="alert" className="rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-ink/10">
        {props.message}
      </p>
    );
  }
  return <SpeakerCardList speakers={props.speakers} atPageTop={props.atPageTop} />;
}

/**
 * The cards themselves, for every list of speakers on the site; `atPageTop`: the list starts its
 * page (a widget), under no section heading, so the names are h2s there (WCAG 1.3.1: no level skipped).
 */
export function SpeakerCardList({ speakers, atPageTop = false }: { speakers: ShownSpeaker[]; atPageTop?: boolean }) {
  return (
    <ul className={gridClass}>
      {speakers.map((speaker, index) => (
        <SpeakerCard key={speaker.id} speaker={speaker} aboveTheFold={atPageTop && index === 0} headingLevel={atPageTop ? 'h2' : 'h3'} />
      ))}
    </ul>
  );
}
