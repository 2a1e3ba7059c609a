/**
 * Editions are data (DESIGN.md "Editions are data"). An edition row holds its identity and
 * dates; this module defines the validated settings document that carries every other
 * per-edition constant of SPEC.md sections 2, 7 and 9, and the timer configuration of each
 * timed page. One dashboard view and one day view read these; nothing is copied per month.
 */
import { z } from 'zod';
import { accessModes } from './access/access-modes.ts';
import { isEmailAddress } from './email-address.ts';

export const editionSlugSchema = z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, 'An edition slug is 2-40 lowercase letters, digits or dashes');

const isoDate = z.iso.date();
const url = z.string().trim().max(2000);

/** The pages whose access is timed, and the page_type suffix each records. */
export const timedPages = ['day1', 'day2', 'day3', 'dashboard'] as const;
export type TimedPage = (typeof timedPages)[number];

/** "2025-09-23T00:00" — a wall-clock time, read in the timer's IANA time zone. */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'Use a local date-time such as 2025-09-23T00:00');

/**
 * Timer config (SPEC.md section 3). redirectUrl is a URL reference resolved against the page's
 * own URL, so "day-2" from /august/day-1 is /august/day-2 and from the legacy /day-1 is /day-2;
 * absolute URLs (the course page, the main site) are used as they are.
 */
export const timerConfigSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('evergreen'),
    durationSeconds: z
      .number()
      .int()
      .positive()
      .max(366 * 24 * 3600),
    redirectUrl: url.min(1),
  }),
  z.object({
    mode: z.literal('live'),
    eventStartDate: localDateTime,
    eventEndDate: localDateTime,
    timezone: z.string().min(1).max(64),
    redirectUrl: url.min(1),
  }),
]);
export type TimerConfig = z.infer<typeof timerConfigSchema>;

/**
 * A day's title and subtitle (SPEC.md "Day pages"). What the day plays is its episodes
 * (src/server/episodes/, issue 26 item 4), not fields of the day: a document of an older version
 * that still carries episode fields here imports with them left out.
 */
export const editionDaySchema = z.object({
  day: z.number().int().min(1).max(3),
  title: z.string().trim().min(1).max(200),
  subtitle: z.string().trim().max(500).default(''),
});
export type EditionDay = z.infer<typeof editionDaySchema>;

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

/** A paid pass as the upgrade offer and the dashboard show it. */
export const passSchema = z.object({
  name: z.string().trim().min(1).max(100),
  price: z.number().min(0).max(100000),
  benefits: z.array(z.string().trim().min(1).max(200)).max(12),
});
export type Pass = z.infer<typeof passSchema>;

/** The thank-you offer's limited-time copy and the retreat's day titles. */
export const offerCopySchema = z.object({
  minutes: z.number().int().min(1).max(1440),
  retreatOpensInDays: z.number().int().min(0).max(365),
  retreatDays: z.array(z.string().trim().min(1).max(200)).max(10),
});
export type OfferCopy = z.infer<typeof offerCopySchema>;

/** How an embed tells its parent frame its height (SPEC.md sections 7 and 9). */
const embedHeightSchema = z.object({
  padding: z.number().int().min(0).max(500),
  /** Recalculation delays after load, in ms. */
  delaysMs: z.array(z.number().int().min(0).max(10000)).max(10),
  /** July and August also send source and timestamp. */
  sendsSourceAndTimestamp: z.boolean(),
});

export const editionSettingsSchema = z.object({
  /** Which data views the content API and the pages offer for this edition. */
  features: z.object({
    implementationSessions: z.boolean(),
    bonusBundle: z.boolean(),
  }),
  /** Which widget routes are enabled. */
  embeds: z.object({
    speakers: z.boolean(),
    implementation: z.boolean(),
    bonusBundle: z.boolean(),
  }),
  embedHeight: z.object({
    speakers: embedHeightSchema,
    implementation: embedHeightSchema,
    bonusBundle: embedHeightSchema,
  }),
  /** The edition-specific ending of the speakers error text of SPEC.md section 8. */
  speakersErrorMessage: z.string().min(1).max(300),
  retreat: z.object({ startDate: isoDate, endDate: isoDate, cardEndDate: isoDate }),
  integrationWeek: z.object({ startDate: isoDate, endDate: isoDate }),
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
  /**
   * The upgrade offer on /thank-you (SPEC.md "Thank-you and upgrade", section 9): each pass's
   * name, price and benefits, and its checkout link. An edition saved before passes were a form
   * has only priceReading (one of SPEC.md's two price readings, src/domain/offers.ts); passesOf
   * reads either.
   */
  upgrade: z.object({
    priceReading: z.enum(['a', 'b']).optional(),
    replayCheckoutUrl: url,
    aapCheckoutUrl: url,
    replay: passSchema.optional(),
    aap: passSchema.optional(),
  }),
  /** The limited-time copy of the upgrade offer; absent: SPEC.md's (src/domain/offers.ts offerCopyOf). */
  offer: offerCopySchema.optional(),
  /**
   * The host's own words for the private feed's "summit has ended" item (a free registrant's feed
   * after the summit); absent or null: the product's (src/domain/podcast/summit-ended.ts).
   */
  feedEnded: z
    .object({ title: z.string().trim().min(1).max(200), text: z.string().trim().min(1).max(4000) })
    .nullable()
    .optional(),
  /** Where the landing page's sponsorship enquiry link writes to. */
  sponsorshipEmail: z.string().trim().refine(isEmailAddress, 'Give an e-mail address, like sponsors@example.com.'),
  dashboard: z.object({
    /** 'static': the fixed Day 0-5 schedule below; 'sessions': implementation sessions from the data. */
    integrationSchedule: z.enum(['static', 'sessions']),
    staticSchedule: z.array(scheduleEntrySchema).max(20),
    /** Which implementation-session days the dashboard shows (August fetches 5, shows 4). */
    integrationDays: z.array(z.number().int().min(1).max(5)).max(5),
    bonusCards: z.array(linkCardSchema).max(12),
    showBonusBundle: z.boolean(),
    templateUpsell: z.object({ price: z.number().min(0), fullPrice: z.number().min(0), discountCode: z.string().max(50) }).nullable(),
    workshop: z
      .object({
        title: z.string().trim().min(1).max(200),
        /** An absolute instant with offset, e.g. 2025-07-30T10:00:00+10:00 (10am AEST). */
        startsAt: z.iso.datetime({ offset: true }),
        price: z.number().min(0),
      })
      .nullable(),
    /** Empty: no support line on the dashboard. */
    supportEmail: z
      .string()
      .trim()
      .refine((value) => value === '' || isEmailAddress(value), 'Give an e-mail address, like support@example.com.'),
  }),
  /**
   * When registration closes: an instant with offset ("2025-09-26T00:00:00+10:00"), "never",
   * or absent for the default (live editions at the end of their last day, evergreen never;
   * src/domain/registration-window.ts).
   */
  registrationClosesAt: z.union([z.literal('never'), z.iso.datetime({ offset: true })]).optional(),
});
export type EditionSettings = z.infer<typeof editionSettingsSchema>;

export const editionInputSchema = z.object({
  slug: editionSlugSchema,
  name: z.string().trim().min(1).max(100),
  position: z.number().int().min(0).default(0),
  summitStartDate: isoDate,
  summitEndDate: isoDate,
  timezone: z.string().min(1).max(64),
  settings: editionSettingsSchema,
  /** Who may open day pages and dashboards (src/domain/access/access-rule.ts). */
  accessMode: z.enum(accessModes).default('open'),
});
export type EditionInput = z.input<typeof editionInputSchema>;
export type Edition = z.infer<typeof editionInputSchema> & { id: number };

/** The page_type recorded for a timed page, e.g. "july_day1" (SPEC.md section 3). */
export function pageTypeFor(editionSlug: string, page: TimedPage): string {
  return `${editionSlug}_${page}`;
}

const pageTypePattern = /^([a-z][a-z0-9-]{1,39})_(day[1-3]|dashboard)$/;

/** Splits "july_day1" into its edition slug and timed page, or null when it is not one. */
export function parsePageType(pageType: string): { editionSlug: string; page: TimedPage } | null {
  const match = pageTypePattern.exec(pageType);
  if (!match) return null;
  return { editionSlug: match[1] as string, page: match[2] as TimedPage };
}
