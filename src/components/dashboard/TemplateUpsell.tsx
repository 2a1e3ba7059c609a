/** The summit-site template add-on (docs/PRODUCT.md "Audience tiers and passes"): its price instead of its full price with the month's discount code, in the edition's currency. */
import type { DashboardPageData } from '../../domain/dashboard-page.ts';
import { safeHttpUrl } from '../../domain/url-policy.ts';
import { ExternalLinkButton, NewTabHint } from '../ExternalLinkButton.tsx';
import { TEXT_LINK_CLASS } from './DashboardSection.tsx';

export function TemplateUpsell({ upsell }: { upsell: NonNullable<DashboardPageData['templateUpsell']> }) {
  const learnMore = safeHttpUrl(upsell.url);
  const code = upsell.discountCode.trim();
  return (
    <article
      data-template-upsell=""
      className="mt-10 rounded-3xl bg-gradient-to-br from-brand-primary/10 to-brand-secondary/10 p-8 text-center ring-1 ring-brand-primary/15 sm:p-10"
    >
      <h3 className="font-serif text-2xl font-bold text-ink">Summit Site Template</h3>
      <p className="mx-auto mt-3 max-w-2xl text-ink">
        Loved this summit? Run your own summit with this very site: registration, member dashboards, day pages and embeddable widgets, ready
        for your brand.
      </p>
      <p className="mt-5 flex items-baseline justify-center gap-3">
        <span data-template-price="" className="font-serif text-4xl font-bold text-ink">
          {upsell.priceText}
        </span>
        <s data-template-full-price="" className="text-lg text-muted">
          <span className="sr-only">Full price </span>
          {upsell.fullPriceText}
        </s>
      </p>
      {code ? (
        <p className="mt-2 text-muted">
          Use code <strong className="font-semibold text-brand-primary-strong">{code}</strong>
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center justify-center gap-4">
        <ExternalLinkButton href={upsell.paymentUrl}>Get the Template</ExternalLinkButton>
        {learnMore ? (
          <a href={learnMore} target="_blank" rel="noopener noreferrer" className={`text-sm ${TEXT_LINK_CLASS}`}>
            Learn more
            <NewTabHint />
          </a>
        ) : null}
      </div>
    </article>
  );
}
