/** "Why audio-only" (docs/PRODUCT.md "Landing page"): the edition's points (the demo's four). */
import type { LandingTexts } from '../../domain/edition-texts/schema.ts';
import { CenteredSection } from './CenteredSection.tsx';

export function WhyAudioSection({ texts }: { texts: LandingTexts['whyAudio'] }) {
  return (
    <CenteredSection
      id="why-audio"
      title={texts.heading}
      className="bg-gradient-to-b from-surface to-brand-secondary/5 px-6 py-20 sm:py-24"
      width="max-w-5xl"
      inkHeading
    >
      <ul className="mt-12 grid gap-6 sm:grid-cols-2">
        {texts.points.map((point) => (
          <li key={point.title} className="rounded-3xl bg-white p-7 shadow-sm ring-1 ring-brand-primary/10">
            <h3 className="font-serif text-xl font-bold text-ink">{point.title}</h3>
            {point.text ? <p className="mt-2 text-muted">{point.text}</p> : null}
          </li>
        ))}
      </ul>
    </CenteredSection>
  );
}
