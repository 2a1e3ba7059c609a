/**
 * The upgrade offer's prices. SPEC.md section 9 gives two readings and both stand: a host picks
 * one per edition (settings.upgrade.priceReading); 'a' is the default.
 */
export const PRICE_READINGS = {
  a: { replay: 77, aap: 197 },
  b: { replay: 97, aap: 297 },
} as const;

export type PriceReading = keyof typeof PRICE_READINGS;
export type PlanId = 'replay' | 'aap';

export const PLAN_NAMES: Record<PlanId, string> = {
  replay: 'Replay Pass',
  aap: 'Sovereign Pathway All Access Pass',
};

/** What each pass includes (SPEC.md section 6). */
export const PLAN_FEATURES: Record<PlanId, string[]> = {
  replay: ['Replays of every summit episode', 'Download episodes to keep', 'Digital magazine copy'],
  aap: [
    '30-day extended access',
    'The 4-Day Integration Retreat',
    'Bonus library of rituals and private offers',
    '30-day free trial of the online school',
    'Digital magazine archive',
  ],
};

/** The limited-time copy (SPEC.md section 9): 15 minutes, retreat doors open in 7 days. */
export const OFFER_MINUTES = 15;
export const RETREAT_OPENS_IN_DAYS = 7;

export function planPrice(reading: PriceReading, plan: PlanId): number {
  return PRICE_READINGS[reading][plan];
}

export interface UpgradePlanOffer {
  id: PlanId;
  name: string;
  price: number;
  checkoutUrl: string;
  features: string[];
  highlighted: boolean;
}

/** The two plan buttons of /thank-you: the Replay Pass, then the All Access Pass (highlighted). */
export function upgradePlans(upgrade: { priceReading: PriceReading; replayCheckoutUrl: string; aapCheckoutUrl: string }): UpgradePlanOffer[] {
  return (['replay', 'aap'] as const).map((id) => ({
    id,
    name: PLAN_NAMES[id],
    price: planPrice(upgrade.priceReading, id),
    checkoutUrl: id === 'replay' ? upgrade.replayCheckoutUrl : upgrade.aapCheckoutUrl,
    features: PLAN_FEATURES[id],
    highlighted: id === 'aap',
  }));
}
