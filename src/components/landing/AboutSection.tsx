/** "About the summit" (docs/PRODUCT.md "Landing page"): format, sacred conversations, retreat, and what a free registrant receives (docs/PRODUCT.md "Audience tiers and passes"). */
import { DotList } from './DotList.tsx';

const RECEIVE = ['3-day summit access via a private podcast feed', 'The digital magazine', 'Basic integration materials'];

export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-heading" className="px-6 py-20 sm:py-24">
      <div className="mx-auto grid max-w-5xl gap-12 lg:grid-cols-2 lg:items-start">
        <div>
          <h2 id="about-heading" className="font-serif text-3xl font-bold text-ink sm:text-4xl">
            About the Summit
          </h2>
          <div className="mt-6 space-y-4 text-lg text-muted">
            <p>
              <strong className="font-semibold text-ink">Audio-only, by design.</strong> Three days of episodes delivered to a private
              podcast feed, so you can listen on a walk, at your altar or between clients.
            </p>
            <p>
              <strong className="font-semibold text-ink">Sacred conversations.</strong> Coaches, guides and practitioners share how they
              build businesses rooted in purpose, intuition and integrity.
            </p>
            <p>
              <strong className="font-semibold text-ink">Integration retreat.</strong> When the summit ends, a virtual Integration Retreat
              helps you turn insight into aligned action.
            </p>
          </div>
        </div>
        <div className="rounded-3xl bg-gradient-to-br from-brand-primary/10 to-brand-accent/10 p-8 ring-1 ring-brand-primary/15">
          <h3 className="font-serif text-2xl font-bold text-ink">What you receive</h3>
          <DotList items={RECEIVE} className="mt-5 space-y-3 text-ink" />
          <p className="mt-6 border-t border-brand-primary/15 pt-5 text-muted">
            The optional upgrade adds extended access and the virtual Integration Retreat.
          </p>
        </div>
      </div>
    </section>
  );
}
