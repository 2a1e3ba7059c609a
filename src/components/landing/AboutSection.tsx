/** "About the summit" (docs/PRODUCT.md "Landing page"): the edition's own words and what a free registrant receives. */
import { OptionalHeading, headingId } from '../OptionalHeading.tsx';
import type { LandingTexts } from '../../domain/edition-texts/schema.ts';
import type { SafeHtml } from '../../markup/safe-html.ts';
import { SafeHtmlBlock } from '../SafeHtmlBlock.tsx';
import { DotList } from './DotList.tsx';

export interface AboutSectionProps {
  texts: LandingTexts['about'];
  /** The About text, rendered from its markdown. */
  bodyHtml: SafeHtml;
}

export function AboutSection({ texts, bodyHtml }: AboutSectionProps) {
  const receives = texts.receive.length > 0 || texts.receiveNote !== '';
  return (
    <section id="about" aria-labelledby={headingId('about-heading', texts.heading)} className="px-6 py-20 sm:py-24">
      <div className={`mx-auto grid max-w-5xl gap-12 lg:items-start ${receives ? 'lg:grid-cols-2' : ''}`}>
        <div>
          <OptionalHeading id="about-heading" text={texts.heading} className="font-serif text-3xl font-bold text-ink sm:text-4xl" />
          <SafeHtmlBlock
            html={bodyHtml}
            data-about-body=""
            className="mt-6 space-y-4 text-lg text-muted [&_a]:underline [&_strong]:font-semibold [&_strong]:text-ink"
          />
        </div>
        {receives ? (
          <div className="rounded-3xl bg-gradient-to-br from-brand-primary/10 to-brand-accent/10 p-8 ring-1 ring-brand-primary/15">
            {texts.receiveHeading ? <h3 className="font-serif text-2xl font-bold text-ink">{texts.receiveHeading}</h3> : null}
            <DotList items={texts.receive} className="mt-5 space-y-3 text-ink" />
            {texts.receiveNote ? <p className="mt-6 border-t border-brand-primary/15 pt-5 text-muted">{texts.receiveNote}</p> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
