/**
 * What a pass costs at a moment (docs/decisions/0064): its early price until the early price's
 * deadline, then its price; and what a Replay holder pays for All Access: the difference. One
 * rule for the checkout that charges it, the pages and e-mails that show it, and the caches that
 * must not show an early price after its deadline. Amounts are minor units (src/domain/money.ts).
 */
import type { EditionSettings, Pass } from './edition-settings/schema.ts';
import { formatMoney, toMinorUnits } from './money.ts';
import { passKinds } from './passes.ts';

export interface PriceNow {
  /** What is charged now. */
  amount: number;
  /** The pass's price, once no early price applies. */
  fullPrice: number;
  /** The early price's deadline (an ISO instant with offset) while it applies; null when the price is the full one. */
  until: string | null;
}

/** The early price applies at every instant before its deadline; at the deadline the full price does. */
export function priceNow(pass: Pass, now: Date): PriceNow {
  const early = pass.earlyPrice !== null && pass.earlyPriceUntil !== null && now.getTime() < Date.parse(pass.earlyPriceUntil);
  return early
    ? { amount: pass.earlyPrice as number, fullPrice: pass.price, until: pass.earlyPriceUntil }
    : { amount: pass.price, fullPrice: pass.price, until: null };
}

/**
 * The next instant any of the edition's prices changes (an early price ends), or null: a page
 * showing prices is cached no longer than that, and its cache key names the prices in force.
 */
export function nextPriceChange(upgrade: EditionSettings['upgrade'], now: Date): number | null {
  const ends = passKinds.map((kind) => priceNow(upgrade[kind], now).until).filter((until): until is string => until !== null);
  return ends.length ? Math.min(...ends.map((until) => Date.parse(until))) : null;
}

/** Which prices are in force, as a short key ("replay:early aap:full") for caches of pages that show them. */
export function pricePhaseKey(upgrade: EditionSettings['upgrade'], now: Date): string {
  return passKinds.map((kind) => `${kind}:${priceNow(upgrade[kind], now).until ? 'early' : 'full'}`).join(' ');
}

/**
 * The smallest amount Stripe charges in a currency, in its minor units (Stripe's documentation,
 * "Minimum and maximum charge amounts"); another currency: half of its major unit.
 */
const MINIMUM_CHARGES: Record<string, number> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  aud: 50,
  cad: 50,
  chf: 50,
  nzd: 50,
  sgd: 50,
  brl: 50,
  inr: 50,
  jpy: 50,
  hkd: 400,
  dkk: 250,
  nok: 300,
  sek: 300,
  pln: 200,
  czk: 1500,
  huf: 17500,
  mxn: 1000,
  aed: 200,
  ron: 200,
  bgn: 100,
  myr: 200,
  thb: 1000,
};

export function minimumCharge(currency: string): number {
  return MINIMUM_CHARGES[currency.toLowerCase()] ?? Math.max(1, toMinorUnits(0.5, currency));
}

/**
 * What a Replay holder pays for All Access: its price now minus what they paid for Replay, never
 * below the currency's smallest charge (an early All Access price may be under what they paid).
 */
export function upgradeAmount({ priceNow: price, paid, currency }: { priceNow: number; paid: number; currency: string }): number {
  return Math.max(price - Math.max(paid, 0), minimumCharge(currency));
}

/** The early price's deadline as a reader sees it: "Fri 4 Dec, 23:59 (Europe/Berlin)", in the reader's zone (readerTimeZone) with the zone named. */
export function formatPriceDeadline(until: string, timeZone: string, lang = 'en'): string {
  const instant = new Date(until);
  const day = new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(instant);
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(instant);
  return `${day.replace(/,/g, '')}, ${time} (${timeZone})`;
}

/** A price as an offer shows it. */
export interface ShownPrice {
  /** "€97.00": what is charged now (for a Replay holder's upgrade, the difference). */
  now: string;
  /** "€97.00 until Fri 4 Dec, 23:59 (Europe/Berlin), then €197.00", "Upgrade for €100.00", or '' when the price says it all. */
  note: string;
  /** The deadline alone, for e-mails ({{offered_pass_price_deadline}}); '' with no early price. */
  deadline: string;
}

/** How a price reads in the edition's currency, language and time zone. */
export function shownPrice(
  price: PriceNow & { upgradeFrom?: number | null },
  {
    currency,
    timeZone,
    lang = 'en',
    deadline: written,
  }: {
    currency: string;
    timeZone: string;
    lang?: string;
    /** The deadline already written (a page's per-reader field). */ deadline?: string;
  },
): ShownPrice {
  const money = (amount: number) => formatMoney(amount, currency, lang);
  const charged = price.upgradeFrom != null ? upgradeAmount({ priceNow: price.amount, paid: price.upgradeFrom, currency }) : price.amount;
  const deadline = price.until ? (written ?? formatPriceDeadline(price.until, timeZone, lang)) : '';
  const early = price.until ? `${money(price.amount)} until ${deadline}, then ${money(price.fullPrice)}` : '';
  const upgrade = price.upgradeFrom != null ? `Upgrade for ${money(charged)}` : '';
  return { now: money(charged), note: [upgrade, early].filter(Boolean).join('. '), deadline };
}

/**
 * The offered pass's price as an e-mail quotes it ({{offered_pass_price}}): what the checkout
 * would charge this registrant at that moment. For a Replay holder that is the difference at
 * each price (decision 0064), "€80.00" or "€48.00 until Fri 4 Dec, 23:59 (Europe/Berlin), then
 * €80.00"; for anyone else the pass's own price, its early price with its deadline while one applies.
 */
export function quotedPrice(
  price: PriceNow,
  upgradeFrom: number | null,
  { currency, timeZone, lang = 'en' }: { currency: string; timeZone: string; lang?: string },
): { text: string; deadline: string } {
  const charged = (amount: number) =>
    formatMoney(upgradeFrom === null ? amount : upgradeAmount({ priceNow: amount, paid: upgradeFrom, currency }), currency, lang);
  if (!price.until) return { text: charged(price.amount), deadline: '' };
  const deadline = formatPriceDeadline(price.until, timeZone, lang);
  return { text: `${charged(price.amount)} until ${deadline}, then ${charged(price.fullPrice)}`, deadline };
}
