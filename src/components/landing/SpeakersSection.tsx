import { OptionalHeading, headingId } from '../OptionalHeading.tsx';
import type { LandingTexts } from '../../domain/edition-texts/schema.ts';
import { SpeakersGrid, type SpeakersState } from '../SpeakersGrid.tsx';

/** Speakers a phone shows before "Show all" (src/styles/global.css, [data-compact-list]). */
export const COMPACT_SPEAKERS = 4;

/** On a phone, every speaker as a full-width card would be half the page: a few, then "Show all". */
function ShowAllToggle({ count }: { count: number }) {
  return (
    <label className="mt-8 flex min-h-11 cursor-pointer items-center justify-center gap-3 rounded-full px-6 py-3 font-semibold text-brand-primary-strong ring-1 ring-brand-primary/40 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-primary sm:hidden">
      <input type="checkbox" data-show-all="" className="size-5 accent-brand-primary-strong" />
      Show all {count} speakers
    </label>
  );
}

export function SpeakersSection({ speakers, texts }: { speakers: SpeakersState; texts: LandingTexts['speakers'] }) {
  const count = speakers.state === 'success' ? speakers.speakers.length : 0;
  return (
    <section id="speakers" aria-labelledby={headingId('speakers-heading', texts.heading)} className="px-6 py-20">
      <div className="mx-auto max-w-6xl" data-compact-list="">
        <OptionalHeading id="speakers-heading" text={texts.heading} className="text-center font-serif text-3xl font-bold sm:text-4xl" />
        {texts.intro ? <p className="mx-auto mt-3 max-w-2xl text-center text-muted">{texts.intro}</p> : null}
        <div className="mt-12">
          <SpeakersGrid {...speakers} />
        </div>
        {count > COMPACT_SPEAKERS ? <ShowAllToggle count={count} /> : null}
      </div>
    </section>
  );
}
