import { SpeakersGrid, type SpeakersState } from '../SpeakersGrid.tsx';

export function SpeakersSection({ speakers }: { speakers: SpeakersState }) {
  return (
    <section id="speakers" aria-labelledby="speakers-heading" className="px-6 py-20">
      <div className="mx-auto max-w-6xl">
        <h2 id="speakers-heading" className="text-center font-serif text-3xl font-bold sm:text-4xl">
          Meet the Speakers
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted">
          Coaches, guides and practitioners sharing sacred conversations about business, visibility and abundance.
        </p>
        <div className="mt-12">
          <SpeakersGrid {...speakers} />
        </div>
      </div>
    </section>
  );
}
