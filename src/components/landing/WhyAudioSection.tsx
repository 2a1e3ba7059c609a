/** "Why audio-only" (docs/PRODUCT.md "Landing page"): exactly four points. */
import { CenteredSection } from './CenteredSection.tsx';

const POINTS = [
  { title: 'Intimate audio', text: 'Voices in your ear feel like a conversation with a trusted friend, not a performance on a screen.' },
  { title: 'Honour your rhythm', text: 'Listen when your energy is ready, whether that is at dawn, on a walk or after the school run.' },
  { title: 'Replay and download episodes', text: 'Return to the episodes that move you and download them to listen offline.' },
  {
    title: 'Energy over perfection',
    text: 'Without cameras and slides, our speakers share from the heart instead of polishing a presentation.',
  },
];

export function WhyAudioSection() {
  return (
    <CenteredSection
      id="why-audio"
      title="Why Audio-Only?"
      className="bg-gradient-to-b from-surface to-brand-secondary/5 px-6 py-20 sm:py-24"
      width="max-w-5xl"
      inkHeading
    >
      <ul className="mt-12 grid gap-6 sm:grid-cols-2">
        {POINTS.map((point) => (
          <li key={point.title} className="rounded-3xl bg-white p-7 shadow-sm ring-1 ring-brand-primary/10">
            <h3 className="font-serif text-xl font-bold text-ink">{point.title}</h3>
            <p className="mt-2 text-muted">{point.text}</p>
          </li>
        ))}
      </ul>
    </CenteredSection>
  );
}
