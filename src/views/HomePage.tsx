/**
 * The landing page. This first version names the summit and links each edition's pages; the
 * full marketing page of SPEC.md section 2 replaces it (issue "Landing page").
 */
import type { Edition } from '../domain/edition.ts';

interface HomePageProps {
  editions: Pick<Edition, 'slug' | 'name' | 'summitStartDate' | 'summitEndDate'>[];
}

export function HomePage({ editions }: HomePageProps) {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="font-serif text-4xl font-bold">The Sacred Business Audio Summit</h1>
      <p className="mt-4 text-lg text-muted">
        A free three-day audio-only summit for spiritual, heart-led entrepreneurs, July 15-17 2025.
      </p>
      <a href="#editions" className="mt-8 inline-block rounded-full bg-brand-primary px-6 py-3 font-medium text-white">
        Save Your Free Spot
      </a>
      <section id="editions" className="mt-16" aria-labelledby="editions-heading">
        <h2 id="editions-heading" className="text-2xl font-semibold">Editions</h2>
        <ul className="mt-4 space-y-2">
          {editions.map((edition) => (
            <li key={edition.slug}>
              <a className="text-brand-primary underline" href={`/${edition.slug}/dashboard`}>
                {edition.name}
              </a>{' '}
              <span className="text-muted">
                {edition.summitStartDate} to {edition.summitEndDate}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
