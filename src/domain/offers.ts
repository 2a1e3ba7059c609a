/**
 * The upgrade offer's passes and prices. SPEC.md section 9 gives two price readings and both
 * stand: reading A (Replay Pass $77, All Access Pass $197) and reading B (All Access Pass $297,
 * Replay Pass $97). They are presets: the admin's passes form fills the prices from either, and
 * a host may set their own. Each edition keeps its passes' names, prices and benefits
 * (settings.upgrade.replay/aap); one saved before that has only a reading, which passesOf reads.
 */
import type { OfferCopy, Pass } from './edition.ts';

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

/** An edition's upgrade settings, as stored (passes, or only a price reading when saved before passes were a form). */
export interface UpgradeSettings {
  priceReading?: PriceReading | undefined;
  replayCheckoutUrl: string;
  aapCheckoutUrl: string;
  replay?: Pass | undefined;
  aap?: Pass | undefined;
}

/** The two passes with SPEC.md's names and benefits at one reading's prices. */
export function presetPasses(reading: PriceReading): Record<PlanId, Pass> {
  return {
    replay: { name: PLAN_NAMES.replay, price: PRICE_READINGS[reading].replay, benefits: PLAN_FEATURES.replay },
    aap: { name: PLAN_NAMES.aap, price: PRICE_READINGS[reading].aap, benefits: PLAN_FEATURES.aap },
  };
}

/** The edition's passes: its own, or SPEC.md's at its price reading (reading A when it has none). */
export function passesOf(upgrade: UpgradeSettings): Record<PlanId, Pass> {
  const preset = presetPasses(upgrade.priceReading ?? 'a');
  return { replay: upgrade.replay ?? preset.replay, aap: upgrade.aap ?? preset.aap };
}

/**
 * What each tier is called in this edition: its own pass names (the edition's settings), the
 * free registration as SPEC.md names it. Every text naming a pass (e-mails, the webhook's and the
 * admin's messages, the audit log, the banners) uses these, never the fixed PLAN_NAMES.
 */
export function tierNamesOf(upgrade: UpgradeSettings): Record<TierId, string> {
  const passes = passesOf(upgrade);
  return { free: PLAN_NAMES.free, replay: passes.replay.name, aap: passes.aap.name };
}

/** The reading whose prices the passes have, or null for prices of the host's own. */
export function matchingReading(passes: Record<PlanId, { price: number }>): PriceReading | null {
  const readings = Object.keys(PRICE_READINGS) as PriceReading[];
  return (
    readings.find(
      (reading) => PRICE_READINGS[reading].replay === passes.replay.price && PRICE_READINGS[reading].aap === passes.aap.price,
    ) ?? null
  );
}

/** The three tiers with the edition's passes and checkout links, lowest first. */
export function tierOffers(upgrade: UpgradeSettings): TierOffer[] {
  const passes = passesOf(upgrade);
  const paid = (id: PlanId, checkoutUrl: string): TierOffer => ({
    id,
    name: passes[id].name,
    price: passes[id].price,
    benefits: passes[id].benefits,
    checkoutUrl,
  });
  return [
    { id: 'free', name: PLAN_NAMES.free, price: 0, benefits: PLAN_FEATURES.free, checkoutUrl: null },
    paid('replay', upgrade.replayCheckoutUrl),
    paid('aap', upgrade.aapCheckoutUrl),
  ];
}

/** The limited-time copy (SPEC.md section 9): 15 minutes, retreat doors open in 7 days. */
export const OFFER_MINUTES = 15;
export const RETREAT_OPENS_IN_DAYS = 7;
/** The retreat's four days as the thank-you offer lists them (SPEC.md "Thank-you and upgrade"). */
export const RETREAT_DAYS = [
  'Day 1: Opening ceremony and grounding',
  'Day 2: Embodiment and practice',
  'Day 3: Integration and creation',
  'Day 4: Closing ceremony and vision activation',
];

/** The edition's offer copy, or SPEC.md's when it has none of its own. */
export function offerCopyOf(settings: { offer?: OfferCopy | undefined }): OfferCopy {
  return settings.offer ?? { minutes: OFFER_MINUTES, retreatOpensInDays: RETREAT_OPENS_IN_DAYS, retreatDays: RETREAT_DAYS };
}

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
export function upgradePlans(upgrade: UpgradeSettings): UpgradePlanOffer[] {
  const passes = passesOf(upgrade);
  return (['replay', 'aap'] as const).map((id) => ({
    id,
    name: passes[id].name,
    price: passes[id].price,
    checkoutUrl: id === 'replay' ? upgrade.replayCheckoutUrl : upgrade.aapCheckoutUrl,
    features: passes[id].benefits,
    highlighted: id === 'aap',
  }));
}
