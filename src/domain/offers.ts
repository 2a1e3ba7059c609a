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
export type TierId = 'free' | PlanId;

export const PLAN_NAMES: Record<TierId, string> = {
  free: 'Free Registration',
  replay: 'Replay Pass',
  aap: 'Sovereign Pathway All Access Pass',
};

/** What each audience tier includes (SPEC.md section 6). */
export const PLAN_FEATURES: Record<TierId, string[]> = {
  free: ['3-day summit access', 'Digital magazine copy', 'Basic integration materials'],
  replay: ['Replays of every summit episode', 'Download episodes to keep', 'Digital magazine copy'],
  aap: [
    '30-day extended access',
    'The 4-Day Integration Retreat',
    'Bonus library of rituals and private offers',
    '30-day free trial of the online school',
    'Digital magazine archive',
  ],
};

export interface TierOffer {
  id: TierId;
  name: string;
  /** 0 for the free registration. */
  price: number;
  benefits: string[];
  /** Where to buy it; null for the free tier. */
  checkoutUrl: string | null;
}

/** The three tiers with the edition's prices and checkout links, lowest first. */
export function tierOffers(upgrade: { priceReading: PriceReading; replayCheckoutUrl: string; aapCheckoutUrl: string }): TierOffer[] {
  return [
    { id: 'free', name: PLAN_NAMES.free, price: 0, benefits: PLAN_FEATURES.free, checkoutUrl: null },
    {
      id: 'replay',
      name: PLAN_NAMES.replay,
      price: planPrice(upgrade.priceReading, 'replay'),
      benefits: PLAN_FEATURES.replay,
      checkoutUrl: upgrade.replayCheckoutUrl,
    },
    {
      id: 'aap',
      name: PLAN_NAMES.aap,
      price: planPrice(upgrade.priceReading, 'aap'),
      benefits: PLAN_FEATURES.aap,
      checkoutUrl: upgrade.aapCheckoutUrl,
    },
  ];
}

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
export function upgradePlans(upgrade: {
  priceReading: PriceReading;
  replayCheckoutUrl: string;
  aapCheckoutUrl: string;
}): UpgradePlanOffer[] {
  return (['replay', 'aap'] as const).map((id) => ({
    id,
    name: PLAN_NAMES[id],
    price: planPrice(upgrade.priceReading, id),
    checkoutUrl: id === 'replay' ? upgrade.replayCheckoutUrl : upgrade.aapCheckoutUrl,
    features: PLAN_FEATURES[id],
    highlighted: id === 'aap',
  }));
}
