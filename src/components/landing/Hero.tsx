/** Landing hero (docs/PRODUCT.md "Landing page"): the page's only <h1> and the 'Save Your Free Spot' button. */
import type { SiteBrand } from '../../domain/brand.ts';
import type { LandingTexts } from '../../domain/edition-texts/schema.ts';
import { resizedImage } from '../../domain/images.ts';

export interface HeroProps {
  registerHref: string;
  /** The edition shown on the home page: 'July 15-17, 2025', 'Winter Sound · December 15-17, 2026'. */
  editionLine: string;
  brand: Pick<SiteBrand, 'summitName' | 'tagline' | 'logoUrl'>;
  texts: LandingTexts['hero'];
}

export function Hero({ registerHref, editionLine, brand, texts }: HeroProps) {
  return (
    <section
      id="top"
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-br from-brand-primary/15 via-surface to-brand-secondary/10 px-6 pt-20 pb-24 text-center sm:pt-28 sm:pb-32"
    >
      <div
        aria-hidden="true"
        className="absolute -top-24 left-1/2 size-[28rem] -translate-x-1/2 rounded-full bg-brand-primary/10 blur-3xl"
      />
      <div className="relative mx-auto max-w-3xl">
        {brand.logoUrl ? (
          <img
            {...resizedImage(brand.logoUrl, 160)}
            alt={`${brand.summitName} logo`}
            width={160}
            height={64}
            data-brand-logo
            className="mx-auto mb-6 h-16 w-auto object-contain"
          />
        ) : null}
        <p
          data-edition-line=""
          className="inline-block rounded-full bg-white/80 px-4 py-1.5 text-sm font-medium text-ink shadow-sm ring-1 ring-brand-primary/20"
        >
          {editionLine}
        </p>
        <h1 id="hero-heading" className="mt-6 font-serif text-4xl leading-tight font-bold text-ink sm:text-6xl">
          {brand.summitName}
        </h1>
        {brand.tagline ? <p className="mx-auto mt-6 max-w-2xl text-lg text-muted sm:text-xl">{brand.tagline}</p> : null}
        {texts.strapline ? <p className="mt-4 text-sm font-medium tracking-wide text-ink uppercase">{texts.strapline}</p> : null}
        <a
          href={registerHref}
          data-register-link=""
          className="mt-10 inline-flex items-center justify-center rounded-full bg-brand-primary-strong px-8 py-4 text-lg font-semibold text-white shadow-lg shadow-brand-primary/30 transition hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary"
        >
          {texts.callToAction}
        </a>
      </div>
    </section>
  );
}
