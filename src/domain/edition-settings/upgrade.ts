/**
 * Older settings documents brought to the current shape, one version at a time. Each step takes a
 * document of its version and returns one of the next, filling in what that version added with
 * the value the pages showed while it was absent; read-settings.ts validates the result. A new
 * version adds its step at the end of UPGRADE_STEPS (a test checks there is one per version).
 */
import { PLAN_FEATURES, PLAN_NAMES, PRICE_READINGS, SPEC_OFFER_COPY } from '../offers.ts';
import { DEMO_TEXTS } from '../edition-texts/demo-texts.ts';
import { toMinorUnits } from '../money.ts';
import { passKinds, type PassKind } from '../passes.ts';
import { DEFAULT_AFFILIATES, DEFAULT_CHECKOUT, DEFAULT_RETENTION } from './schema.ts';

type Doc = Record<string, unknown>;

const isRecord = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A document's version; documents written before settings had one count as version 0. */
export function settingsVersionOf(doc: Doc): number {
  return Number.isInteger(doc.version) ? (doc.version as number) : 0;
}

/**
 * Version 0, every document written before settings had a version: the first demo had no
 * upgrade offer and no sponsorship address; later ones named a price reading ("a" or "b") instead
 * of passes, and may lack the offer copy, the feed's "summit has ended" words and the end of
 * registration. The pages read each absence as the product's passes at that reading, the product's copy,
 * The product's words and the default end; version 1 states those.
 */
function fromUnversioned(doc: Doc): Doc {
  const { priceReading, ...upgrade } = isRecord(doc.upgrade) ? doc.upgrade : {};
  const reading = PRICE_READINGS[priceReading === 'b' ? 'b' : 'a'];
  // Prices in major units, as documents of this version wrote them; version 4 makes them minor.
  const preset = (kind: PassKind) => ({ name: PLAN_NAMES[kind], price: reading[kind], benefits: PLAN_FEATURES[kind] });
  const dashboard = isRecord(doc.dashboard) ? doc.dashboard : {};
  return {
    ...doc,
    version: 1,
    upgrade: { replayCheckoutUrl: '', aapCheckoutUrl: '', replay: preset('replay'), aap: preset('aap'), ...upgrade },
    offer: doc.offer ?? SPEC_OFFER_COPY,
    feedEnded: doc.feedEnded ?? null,
    // The first demo wrote to its support address for sponsorship too.
    sponsorshipEmail: doc.sponsorshipEmail ?? dashboard.supportEmail,
    registrationClosesAt: doc.registrationClosesAt ?? null,
  };
}

/**
 * Version 1, written before an edition had its own words: its pages showed the demo summit's
 * (they were fixed in the views), so version 2 states those and the host can change them.
 */
function withTexts(doc: Doc): Doc {
  return { ...doc, version: 2, texts: doc.texts ?? DEMO_TEXTS };
}

/**
 * Version 2, written before the site had a checkout of its own: its passes were sold through the
 * static links alone, priced in US dollars (the form said so), with none of Checkout's options.
 */
function withCheckout(doc: Doc): Doc {
  return { ...doc, version: 3, checkout: doc.checkout ?? DEFAULT_CHECKOUT };
}

/** A major amount (197, 4.99) in minor units of `currency`; what is not a number is left for the schema to judge. */
function toMinor(value: unknown, currency: string): unknown {
  return typeof value === 'number' && Number.isFinite(value) ? toMinorUnits(value, currency) : value;
}

function withMinorFields(value: unknown, fields: readonly string[], currency: string): unknown {
  if (!isRecord(value)) return value;
  return { ...value, ...Object.fromEntries(fields.filter((key) => key in value).map((key) => [key, toMinor(value[key], currency)])) };
}

/**
 * Version 3 kept every price as a decimal major amount (197, 4.99). Version 4 keeps integer minor
 * units of the edition's currency (docs/decisions/0064), rounded to the currency's digits, and
 * gives each pass an early price, none for older documents.
 */
function withMinorUnits(doc: Doc): Doc {
  const checkout = isRecord(doc.checkout) ? doc.checkout : {};
  const currency = typeof checkout.currency === 'string' ? checkout.currency : DEFAULT_CHECKOUT.currency;
  const upgrade = isRecord(doc.upgrade) ? { ...doc.upgrade } : doc.upgrade;
  if (isRecord(upgrade))
    for (const kind of passKinds) {
      const pass = withMinorFields(upgrade[kind], ['price'], currency);
      upgrade[kind] = isRecord(pass) ? { earlyPrice: null, earlyPriceUntil: null, ...pass } : pass;
    }
  const dashboard = isRecord(doc.dashboard)
    ? {
        ...doc.dashboard,
        templateUpsell: withMinorFields(doc.dashboard.templateUpsell, ['price', 'fullPrice'], currency),
        workshop: withMinorFields(doc.dashboard.workshop, ['price'], currency),
      }
    : doc.dashboard;
  return { ...doc, version: 4, upgrade, dashboard };
}

/**
 * Version 4, written before an edition had affiliates' options: no leaderboard widget was shown.
 * (Some version-4 documents already carry the options, saved by the release that added them
 * without a version of their own: those are kept.)
 */
function withAffiliates(doc: Doc): Doc {
  return { ...doc, version: 5, affiliates: doc.affiliates ?? DEFAULT_AFFILIATES };
}

/** Version 5, written before retention could be set: every registrant was kept, so version 6 states it off. */
function withRetention(doc: Doc): Doc {
  return { ...doc, version: 6, retention: doc.retention ?? DEFAULT_RETENTION };
}

/** UPGRADE_STEPS[n] turns a version-n document into a version n+1 one. */
export const UPGRADE_STEPS: readonly ((doc: Doc) => Doc)[] = [
  fromUnversioned,
  withTexts,
  withCheckout,
  withMinorUnits,
  withAffiliates,
  withRetention,
];

/**
 * The document at the current version; anything that is not an object, and a document of a newer
 * version (written by a newer release during a deploy), is left as it is for the schema to judge.
 */
export function upgradeSettings(stored: unknown): unknown {
  if (!isRecord(stored)) return stored;
  const steps = UPGRADE_STEPS.slice(Math.max(settingsVersionOf(stored), 0));
  return steps.reduce((doc, step) => step(doc), stored);
}
