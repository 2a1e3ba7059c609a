/**
 * The edition settings document as it is written now (version SETTINGS_VERSION): every field
 * present, an absent choice stated as null. Documents of older versions are read through
 * read-settings.ts, which upgrades them to this shape first (upgrade.ts), so no reader has to
 * know an older shape. A change to this shape bumps SETTINGS_VERSION and adds an upgrade step.
 */
import { z } from 'zod';
import { isEmailAddress } from '../email-address.ts';
import { passKinds, passSlugClashes } from '../passes.ts';
import { editionTextsSchema } from '../edition-texts/schema.ts';

/** The version every settings document is written with. */
export const SETTINGS_VERSION = 6;

const isoDate = z.iso.date();
const url = z.string().trim().max(2000);

const linkCardSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
  url: url.default(''),
  buttonLabel: z.string().trim().max(100).default(''),
});

const scheduleEntrySchema = z.object({
  label: z.string().trim().min(1).max(50),
  /** As shown ("July 21"); empty: the integration week's day at this entry's place (edition-dates/day-windows.ts scheduleDates). */
  date: z.string().trim().max(50).default(''),
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
});

/**
 * An amount in the minor units of the edition's `checkout.currency` (cents for USD, yen for JPY;
 * src/domain/money.ts): whole numbers, so no sum is ever a float (docs/decisions/0064).
 */
const minorAmount = z.number().int('Give a whole amount in the currency’s smallest unit.').min(0).max(1_000_000_000);
const ON_SALE = 'A pass on sale (it has a checkout link) needs a price above zero.';
const EARLY_BELOW = 'The early price must be below the pass’s price.';
const EARLY_PAIR = 'Give both an early price and the date and time it ends, or neither.';

/**
 * A paid pass as the upgrade offer and the dashboard show it: its price, and an early price
 * charged until a deadline (docs/decisions/0064), both in minor units.
 */
export const passSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    /** 0: not on sale (it then has no checkout link; the upgrade object below checks). */
    price: minorAmount,
    /** Charged instead of `price` until `earlyPriceUntil`; null: no early price. */
    earlyPrice: minorAmount.nullable(),
    /** The instant the early price ends, with its offset ("2026-12-04T23:59:00+01:00"); null with no early price. */
    earlyPriceUntil: z.iso.datetime({ offset: true, error: 'Pick the date and time the early price ends.' }).nullable(),
    benefits: z.array(z.string().trim().min(1).max(200)).max(12),
  })
  .superRefine((pass, context) => {
    if ((pass.earlyPrice === null) !== (pass.earlyPriceUntil === null))
      context.addIssue({ code: 'custom', path: [pass.earlyPrice === null ? 'earlyPrice' : 'earlyPriceUntil'], message: EARLY_PAIR });
    if (pass.earlyPrice === 0) context.addIssue({ code: 'custom', path: ['earlyPrice'], message: 'An early price must be above zero.' });
    else if (pass.earlyPrice !== null && pass.earlyPrice >= pass.price)
      context.addIssue({ code: 'custom', path: ['earlyPrice'], message: EARLY_BELOW });
  });
export type Pass = z.infer<typeof passSchema>;

/** The site's own checkout (docs/decisions/0063): the edition's one currency and Stripe Checkout's options. */
export const checkoutSchema = z.object({
  /** ISO 4217, lower-case as Stripe writes it ("usd", "eur"); every price of the edition is in it. */
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, 'Give a three-letter currency code, like USD or EUR.'),
  allowPromotionCodes: z.boolean(),
  automaticTax: z.boolean(),
  collectTaxIds: z.boolean(),
  createInvoices: z.boolean(),
});
export type CheckoutSettings = z.infer<typeof checkoutSchema>;

/** What an edition's checkout starts with: US dollars, no promotion codes, tax or invoices. */
export const DEFAULT_CHECKOUT: CheckoutSettings = {
  currency: 'usd',
  allowPromotionCodes: false,
  automaticTax: false,
  collectTaxIds: false,
  createInvoices: false,
};

/** The affiliates' options of an edition (docs/decisions/0066). */
export const affiliatesSettingsSchema = z.object({ leaderboardWidget: z.boolean() });

/** What an edition's affiliates' options start with, and what documents before version 5 read as: no leaderboard widget. */
export const DEFAULT_AFFILIATES: AffiliatesSettings = { leaderboardWidget: false };
export type AffiliatesSettings = z.infer<typeof affiliatesSettingsSchema>;

/** What the daily job does with an edition's registrants once its retention period is over (docs/PRODUCT.md "Retention"). */
export const retentionModes = ['off', 'erase', 'anonymise'] as const;
export type RetentionMode = (typeof retentionModes)[number];

const RETENTION_MONTHS = 'Give a whole number of months from 1 to 120.';
const ACCOUNTING_MONTHS = 'Give a whole number of months from 1 to 360 (30 years).';

/**
 * How long the edition keeps its registrants (docs/decisions/0085): nothing is removed while the
 * mode is 'off'; otherwise `monthsAfterEnd` months after the summit's last day. A buyer's name and
 * e-mail stay on their purchases for `accountingMonths` after each purchase, the host's legal period.
 */
export const retentionSchema = z.object({
  mode: z.enum(retentionModes, 'Choose one of the options in the list.'),
  monthsAfterEnd: z.number().int(RETENTION_MONTHS).min(1, RETENTION_MONTHS).max(120, RETENTION_MONTHS),
  accountingMonths: z.number().int(ACCOUNTING_MONTHS).min(1, ACCOUNTING_MONTHS).max(360, ACCOUNTING_MONTHS),
});
export type RetentionSettings = z.infer<typeof retentionSchema>;

/** Off, as every edition was before retention existed; the months are what the form offers once it is turned on. */
export const DEFAULT_RETENTION: RetentionSettings = { mode: 'off', monthsAfterEnd: 12, accountingMonths: 120 };

/** The thank-you offer's limited-time copy and the retreat's day titles. */
export const offerCopySchema = z.object({
  minutes: z.number().int().min(1).max(1440),
  retreatOpensInDays: z.number().int().min(0).max(365),
  retreatDays: z.array(z.string().trim().min(1).max(200)).max(10),
});
export type OfferCopy = z.infer<typeof offerCopySchema>;

/** How an embed tells its parent frame its height (docs/PRODUCT.md "Content API"). */
const embedHeightSchema = z.object({
  padding: z.number().int().min(0).max(500),
  /** Recalculation delays after load, in ms. */
  delaysMs: z.array(z.number().int().min(0).max(10000)).max(10),
  /** July and August also send source and timestamp. */
  sendsSourceAndTimestamp: z.boolean(),
});

const dashboardSchema = z.object({
  /** 'static': the fixed Day 0-5 schedule below; 'sessions': implementation sessions from the data. */
  integrationSchedule: z.enum(['static', 'sessions']),
  staticSchedule: z.array(scheduleEntrySchema).max(20),
  /** Which implementation-session days the dashboard shows (August fetches 5, shows 4). */
  integrationDays: z.array(z.number().int().min(1).max(5)).max(5),
  bonusCards: z.array(linkCardSchema).max(12),
  showBonusBundle: z.boolean(),
  templateUpsell: z.object({ price: minorAmount, fullPrice: minorAmount, discountCode: z.string().max(50) }).nullable(),
  workshop: z
    .object({
      title: z.string().trim().min(1).max(200),
      /** An absolute instant with offset, e.g. 2025-07-30T10:00:00+10:00 (10am AEST). */
      startsAt: z.iso.datetime({ offset: true }),
      price: minorAmount,
    })
    .nullable(),
  /** Empty: no support line on the dashboard. */
  supportEmail: z
    .string()
    .trim()
    .refine((value) => value === '' || isEmailAddress(value), 'Give an e-mail address, like support@example.com.'),
});

export const editionSettingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  /** Which data views the content API and the pages offer for this edition. */
  features: z.object({ implementationSessions: z.boolean(), bonusBundle: z.boolean() }),
  /** Which widget routes are enabled. */
  embeds: z.object({ speakers: z.boolean(), implementation: z.boolean(), bonusBundle: z.boolean() }),
  embedHeight: z.object({ speakers: embedHeightSchema, implementation: embedHeightSchema, bonusBundle: embedHeightSchema }),
  /** The edition-specific ending of the speakers error text of docs/PRODUCT.md "Not-found and error pages". */
  speakersErrorMessage: z.string().min(1).max(300),
  /** A retreat after the summit (the demo's), or null when the summit has none. */
  retreat: z.object({ startDate: isoDate, endDate: isoDate, cardEndDate: isoDate }).nullable(),
  /** An integration week after the summit, or null when the summit has none. */
  integrationWeek: z.object({ startDate: isoDate, endDate: isoDate }).nullable(),
  schoolTrialDays: z.number().int().min(0).max(365),
  accessDays: z.number().int().min(1).max(365),
  links: z.object({
    courseUrl: url,
    mainSiteUrl: url,
    communityUrl: url,
    visibilityPagesUrl: url,
    podcastUrl: url,
    workshopUrl: url,
    paymentUrl: url,
    documentUrl: url,
    templateUrl: url,
    schoolUrl: url,
  }),
  /** The upgrade offer on /thank-you (docs/PRODUCT.md "Thank-you and upgrade offer"): each pass and its checkout link. */
  upgrade: z
    .object({ replay: passSchema, aap: passSchema, replayCheckoutUrl: url, aapCheckoutUrl: url })
    .superRefine((upgrade, context) => {
      for (const kind of passKinds)
        if (upgrade[kind].price === 0 && upgrade[`${kind}CheckoutUrl`] !== '')
          context.addIssue({ code: 'custom', path: [kind, 'price'], message: ON_SALE });
      // A payment may name a pass by its slug: two passes answering to one would be ambiguous.
      const clashes = passSlugClashes({ replay: upgrade.replay.name, aap: upgrade.aap.name });
      for (const kind of passKinds) {
        const message = clashes[kind];
        if (message) context.addIssue({ code: 'custom', path: [kind, 'name'], message });
      }
    }),
  /** The limited-time copy of the upgrade offer. */
  offer: offerCopySchema,
  /** How the site's own checkout sells the passes when STRIPE_SECRET_KEY is set (docs/decisions/0063). */
  checkout: checkoutSchema,
  /**
   * The host's own words for the private feed's "summit has ended" item (a free registrant's feed
   * after the summit); null: the product's (src/domain/podcast/summit-ended.ts).
   */
  feedEnded: z.object({ title: z.string().trim().min(1).max(200), text: z.string().trim().min(1).max(4000) }).nullable(),
  /** Where the landing page's sponsorship enquiry link writes to. */
  sponsorshipEmail: z.string().trim().refine(isEmailAddress, 'Give an e-mail address, like sponsors@example.com.'),
  dashboard: dashboardSchema,
  /**
   * When registration closes: an instant with offset ("2025-09-26T00:00:00+10:00"), "never", or
   * null for the default (live editions at the end of their last day, evergreen never;
   * src/domain/registration-window.ts).
   */
  registrationClosesAt: z.union([z.literal('never'), z.iso.datetime({ offset: true })]).nullable(),
  /** Every word the edition's visitors and registrants read (src/domain/edition-texts/). */
  texts: editionTextsSchema,
  /**
   * The affiliates' options (docs/decisions/0066): the public leaderboard widget, off until the host
   * switches it on. Added by version 5 (upgrade.ts states it for older documents).
   */
  affiliates: affiliatesSettingsSchema,
  /** How long registrants are kept after the summit (docs/decisions/0085). Added by version 6. */
  retention: retentionSchema,
});
export type EditionSettings = z.infer<typeof editionSettingsSchema>;
