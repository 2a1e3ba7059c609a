/**
 * The upgrade offer's passes and prices. docs/PRODUCT.md "Audience tiers and passes" gives two price readings and both
 * stand: reading A (Replay Pass $77, All Access Pass $197) and reading B (All Access Pass $297,
 * Replay Pass $97). They are presets: the admin's passes form fills the prices from either, and
 * a host may set their own. Each edition keeps its passes' names, prices and benefits
 * (settings.upgrade.replay/aap); a document saved before that had only a reading, which the
 * settings upgrade turns into passes (src/domain/edition-settings/upgrade.ts).
 */
import type { EditionSettings, OfferCopy, Pass } from './edition-settings/schema.ts';
import { readerTimeZone } from './countdown.ts';
import type { RegistrantTier } from './entities.ts';
import { toMinorUnits } from './money.ts';
import { priceNow, shownPrice, upgradeAmount } from './pass-price.ts';
import { passKinds, type PassKind } from './passes.ts';

export const PRICE_READINGS = {
  a: { replay: 77, aap: 197 },
  b: { replay: 97, aap: 297 },
} as const satisfies Record<string, Record<PassKind, number>>;

export type PriceReading = keyof typeof PRICE_READINGS;

export const PLAN_NAMES: Record<RegistrantTier, string> = {
  free: 'Free Registration',
  replay: 'Replay Pass',
  aap: 'Sovereign Pathway All Access Pass',
};

/** What each audience tier includes (docs/PRODUCT.md "Audience tiers and passes"). */
export const PLAN_FEATURES: Record<RegistrantTier, string[]> = {
  free: ['3-day summit access', 'Digital magazine copy', 'Basic integration materials'],
  // The product description names the Replay Pass holder and no benefits of theirs: the demo lists none.
  replay: [],
  aap: [
    '30-day extended access',
    'The 4-Day Integration Retreat',
    'Bonus library of rituals and private offers',
    '30-day free trial of the online school',
    'Digital magazine archive',
  ],
};

export interface TierOffer {
  id: RegistrantTier;
  name: string;
  /** What it costs now, in minor units (docs/decisions/0064); 0 for the free registration. */
  price: number;
  /** "€97.00", or "Free". */
  priceText: string;
  /** The early price's deadline and the price after it, or the upgrade's difference; '' when there is none. */
  priceNote: string;
  benefits: string[];
  /** Where to buy it; null for the free tier. */
  checkoutUrl: string | null;
}

type UpgradeSettings = EditionSettings['upgrade'];

/** How prices read for one visitor at one moment (docs/decisions/0064). */
export interface Pricing {
  now: Date;
  currency: string;
  timeZone: string;
  lang: string;
  /** What a Replay holder paid for it (minor units): All Access is offered for the difference; null for anyone else. */
  replayPaid: number | null;
  /**
   * An early price's deadline as the page writes it, for a page made once for many readers (a
   * signed-in registrant's shared dashboard): a field each request fills in its reader's zone.
   * Absent: the deadline is written in `timeZone`.
   */
  deadlineText?: (pass: PassKind) => string;
}

/** The pricing of an edition's offers at `now` for a visitor with no upgrade credit (anyone but a Replay holder; previews). */
export function plainPricing(edition: { timezone: string; settings: EditionSettings }, now: Date): Pricing {
  const { checkout, texts } = edition.settings;
  return { now, currency: checkout.currency, timeZone: edition.timezone, lang: texts.meta.lang, replayPaid: null };
}

/**
 * The pricing a page shows one reader: a signed-in registrant reads the early price's deadline in
 * their own zone (readerTimeZone, as the countdown does), anyone else in the edition's.
 */
export function readerPricing(
  edition: { timezone: string; settings: EditionSettings },
  now: Date,
  { readerZone, replayPaid }: { readerZone: string | null; replayPaid: number | null },
): Pricing {
  return { ...plainPricing(edition, now), timeZone: readerTimeZone(readerZone, edition.timezone), replayPaid };
}

/** A pass's price now as the offers show it, for a Replay holder's All Access the difference. */
export function offeredPrice(upgrade: UpgradeSettings, id: PassKind, pricing: Pricing) {
  const price = priceNow(upgrade[id], pricing.now);
  const upgradeFrom = id === 'aap' ? pricing.replayPaid : null;
  const shown = shownPrice({ ...price, upgradeFrom }, { ...pricing, deadline: pricing.deadlineText?.(id) });
  const amount =
    upgradeFrom === null ? price.amount : upgradeAmount({ priceNow: price.amount, paid: upgradeFrom, currency: pricing.currency });
  // A pass at 0 is not on sale (it has no checkout link): it reads as free, as the dashboard always said.
  return { price: amount, priceText: amount === 0 ? 'Free' : shown.now, priceNote: shown.note };
}

/** The readings are in US dollars, as docs/PRODUCT.md gives them; settings keep cents (docs/decisions/0064). */
export const READING_CURRENCY = 'usd';

/** The passes with the demo's names and benefits at one reading's prices, in cents, with no early price. */
export function presetPasses(reading: PriceReading): Record<PassKind, Pass> {
  const preset = (kind: PassKind): Pass => ({
    name: PLAN_NAMES[kind],
    price: toMinorUnits(PRICE_READINGS[reading][kind], READING_CURRENCY),
    earlyPrice: null,
    earlyPriceUntil: null,
    benefits: PLAN_FEATURES[kind],
  });
  return { replay: preset('replay'), aap: preset('aap') };
}

/** Where each pass is bought: the site's own checkout route, or the pass's static link. */
export type CheckoutUrls = Record<PassKind, string>;

/**
 * Each pass's buy link (docs/decisions/0063): with the site's own checkout (Stripe configured),
 * `/checkout/{edition}/{pass}` on the link origin for every pass with a price; otherwise, and for a
 * free pass, the static checkout link the edition names.
 */
export function checkoutUrlsOf(upgrade: UpgradeSettings, siteCheckout: { origin: string; slug: string } | null): CheckoutUrls {
  const url = (kind: PassKind) =>
    siteCheckout && upgrade[kind].price > 0
      ? `${siteCheckout.origin}/checkout/${encodeURIComponent(siteCheckout.slug)}/${kind}`
      : upgrade[`${kind}CheckoutUrl`];
  return { replay: url('replay'), aap: url('aap') };
}

/**
 * What each tier is called in this edition: its own pass names (the edition's settings), the
 * free registration as docs/PRODUCT.md "Audience tiers and passes" names it. Every text naming a pass (e-mails, the webhook's and the
 * admin's messages, the audit log, the banners) uses these, never the fixed PLAN_NAMES.
 */
export function tierNamesOf(upgrade: UpgradeSettings): Record<RegistrantTier, string> {
  return { free: PLAN_NAMES.free, replay: upgrade.replay.name, aap: upgrade.aap.name };
}

/** The reading whose prices the passes have (minor units of `currency`: the same figures), or null for prices of the host's own. */
export function matchingReading(passes: Record<PassKind, { price: number }>, currency = READING_CURRENCY): PriceReading | null {
  const readings = Object.keys(PRICE_READINGS) as PriceReading[];
  return (
    readings.find((reading) => passKinds.every((kind) => toMinorUnits(PRICE_READINGS[reading][kind], currency) === passes[kind].price)) ??
    null
  );
}

/** The three tiers with the edition's passes, their prices now and checkout links, lowest first. */
export function tierOffers(upgrade: UpgradeSettings, checkoutUrls: CheckoutUrls, pricing: Pricing): TierOffer[] {
  const paid = (id: PassKind): TierOffer => {
    const { price, priceText, priceNote } = offeredPrice(upgrade, id, pricing);
    return { id, name: upgrade[id].name, price, priceText, priceNote, benefits: upgrade[id].benefits, checkoutUrl: checkoutUrls[id] };
  };
  const free: TierOffer = {
    id: 'free',
    name: PLAN_NAMES.free,
    price: 0,
    priceText: 'Free',
    priceNote: '',
    benefits: PLAN_FEATURES.free,
    checkoutUrl: null,
  };
  return [free, ...passKinds.map(paid)];
}

/** The retreat's four days as the thank-you offer lists them (docs/PRODUCT.md "Thank-you and upgrade offer"). */
const RETREAT_DAYS = [
  'Day 1: Opening ceremony and grounding',
  'Day 2: Embodiment and practice',
  'Day 3: Integration and creation',
  'Day 4: Closing ceremony and vision activation',
];

/** The limited-time copy of docs/PRODUCT.md "Thank-you and upgrade offer": 15 minutes, retreat doors open in 7 days. */
export const SPEC_OFFER_COPY: OfferCopy = { minutes: 15, retreatOpensInDays: 7, retreatDays: RETREAT_DAYS };

export interface UpgradePlanOffer {
  id: PassKind;
  name: string;
  /** What it costs now, in minor units. */
  price: number;
  /** "€97.00" */
  priceText: string;
  /** "€97.00 until Fri 4 Dec, 23:59 (Europe/Berlin), then €197.00", "Upgrade for €100.00", or ''. */
  priceNote: string;
  checkoutUrl: string;
  features: string[];
  highlighted: boolean;
}

/** The plan buttons of /thank-you: the Replay Pass, then the All Access Pass (highlighted). */
export function upgradePlans(upgrade: UpgradeSettings, checkoutUrls: CheckoutUrls, pricing: Pricing): UpgradePlanOffer[] {
  return passKinds.map((id) => {
    const { price, priceText, priceNote } = offeredPrice(upgrade, id, pricing);
    return {
      id,
      name: upgrade[id].name,
      price,
      priceText,
      priceNote,
      checkoutUrl: checkoutUrls[id],
      features: upgrade[id].benefits,
      highlighted: id === 'aap',
    };
  });
}
