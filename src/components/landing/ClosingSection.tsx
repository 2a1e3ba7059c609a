/**
 * The landing's closing section (docs/PRODUCT.md "Landing page"), with the brand's social links and links for
 * would-be summit hosts. The legal links and company line are the site footer's (src/layouts/SiteFooter.astro).
 */
import { OptionalHeading, headingId } from '../OptionalHeading.tsx';
import type { SiteBrand } from '../../domain/brand.ts';
import type { LandingTexts } from '../../domain/edition-texts/schema.ts';

/** Links for a visitor who wants to run a summit of their own (the demo shows them). */
function HostLinks() {
  return (
    <p className="mt-10 text-sm text-muted">
      Host your own summit:{' '}
      <a href="/setup-guide" className="font-medium text-ink underline underline-offset-4 hover:no-underline">
        Setup guide
      </a>{' '}
      ·{' '}
      <a href="/brand-config" className="font-medium text-ink underline underline-offset-4 hover:no-underline">
        Brand configuration
      </a>
    </p>
  );
}

export function ClosingSection({ brand, texts }: { brand: Pick<SiteBrand, 'socialLinks'>; texts: LandingTexts['closing'] }) {
  return (
    <section
      aria-labelledby={headingId('closing-heading', texts.heading)}
      className="bg-gradient-to-br from-brand-primary/15 to-brand-secondary/10 px-6 py-16 text-center"
    >
      <div className="mx-auto max-w-3xl">
        <OptionalHeading id="closing-heading" text={texts.heading} className="font-serif text-3xl font-bold text-ink" />
        {texts.text ? <p className="mt-3 text-lg text-muted">{texts.text}</p> : null}
        {texts.showHostLinks ? <HostLinks /> : null}
        {brand.socialLinks.length > 0 ? (
          <ul className="mt-6 flex flex-wrap justify-center gap-4 text-sm" aria-label="Follow us">
            {brand.socialLinks.map((link) => (
              <li key={link.label}>
                <a href={link.url} target="_blank" rel="noopener noreferrer" className="font-medium text-ink underline underline-offset-4">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
