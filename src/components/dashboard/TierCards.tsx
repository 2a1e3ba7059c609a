/**
 * The three audience tiers as upsell cards (docs/PRODUCT.md "Audience tiers and passes"): the visitor's own pass is marked,
 * the tiers above it offer an upgrade, the ones below it show no button. The All Access card names
 * the edition's school trial (30 days, or 7 in September: docs/PRODUCT.md "Dates").
 */
import type { RegistrantTier } from '../../domain/entities.ts';
import type { TierOffer } from '../../domain/offers.ts';
import { ExternalLinkButton } from '../ExternalLinkButton.tsx';

export function schoolTrialText(days: number): string {
  return `${days}-day free trial of the online school`;
}

const SCHOOL_TRIAL_BENEFIT = /free trial of the online school/i;

/** The tier's benefits; a school trial the pass lists says the edition's number of days (none is added when it lists none). */
function benefitsOf(tier: TierOffer, schoolTrialDays: number): string[] {
  if (tier.id !== 'aap') return tier.benefits;
  return tier.benefits.map((benefit) => (SCHOOL_TRIAL_BENEFIT.test(benefit) ? schoolTrialText(schoolTrialDays) : benefit));
}

export interface TierCardsProps {
  tiers: TierOffer[];
  current: RegistrantTier;
  schoolTrialDays: number;
}

export function TierCards({ tiers, current, schoolTrialDays }: TierCardsProps) {
  const currentIndex = tiers.findIndex((tier) => tier.id === current);
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {tiers.map((tier, index) => {
        const isCurrent = index === currentIndex;
        const isAbove = index > currentIndex;
        return (
          <li
            key={tier.id}
            data-tier={tier.id}
            data-current-tier={isCurrent ? '' : undefined}
            className={
              isCurrent
                ? 'relative flex flex-col rounded-3xl bg-white p-8 shadow-xl shadow-brand-primary/20 ring-2 ring-brand-primary'
                : 'flex flex-col rounded-3xl bg-white p-8 shadow-sm ring-1 ring-brand-primary/15'
            }
          >
            {isCurrent ? (
              <p className="absolute -top-3 left-8 rounded-full bg-brand-primary-strong px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
                Your pass
              </p>
            ) : null}
            <h3 className="font-serif text-2xl font-bold text-ink">{tier.name}</h3>
            <p data-price="" className="mt-3 font-serif text-4xl font-bold text-ink">
              {tier.priceText}
            </p>
            {tier.priceNote ? (
              <p data-price-note="" className="mt-2 text-sm font-medium text-muted">
                {tier.priceNote}
              </p>
            ) : null}
            {tier.benefits.length > 0 ? (
              <ul className="mt-6 flex-1 space-y-2 text-ink">
                {benefitsOf(tier, schoolTrialDays).map((benefit) => (
                  <li key={benefit} className="flex gap-3">
                    <span aria-hidden="true" className="mt-2.5 size-2 shrink-0 rounded-full bg-brand-accent" />
                    {benefit}
                  </li>
                ))}
              </ul>
            ) : (
              // A pass that lists no benefits (the demo's Replay Pass) keeps its button at the card's foot.
              <div className="flex-1" />
            )}
            {isAbove && tier.checkoutUrl ? (
              <div className="mt-8">
                <ExternalLinkButton href={tier.checkoutUrl}>
                  Upgrade<span className="sr-only"> to the {tier.name}</span>
                </ExternalLinkButton>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
