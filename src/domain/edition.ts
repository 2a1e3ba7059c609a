/**
 * Editions are data (DESIGN.md "Editions are data"). An edition row holds its identity and
 * dates, and the validated settings document (src/domain/edition-settings/) that carries every
 * other per-edition constant of docs/PRODUCT.md "Editions"; this module defines the edition, its
 * days and the timer configuration of each timed page. One dashboard view and one day view read
 * these; nothing is copied per month.
 */
import { z } from 'zod';
import { accessModes } from './access/access-modes.ts';
import { editionSettingsSchema } from './edition-settings/schema.ts';
import { parseStatedLength, statedLengthText } from './podcast/episode-length.ts';

export const editionSlugSchema = z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, 'An edition slug is 2-40 lowercase letters, digits or dashes');

const isoDate = z.iso.date();
const url = z.string().trim().max(2000);

/** The pages whose access is timed, and the page_type suffix each records. */
export const timedPages = ['day1', 'day2', 'day3', 'dashboard'] as const;
export type TimedPage = (typeof timedPages)[number];

/** "2025-09-23T00:00" — a wall-clock time, read in the timer's IANA time zone. */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'Use a local date-time such as 2025-09-23T00:00');

/**
 * Timer config (docs/PRODUCT.md "Access windows and the countdown"). redirectUrl is a URL reference resolved against the page's
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

/** Why a day's player length was refused, as the edition form says it. */
export const PLAYER_LENGTH_PROBLEM =
  'Write the length as h:mm:ss or m:ss (2:15:30 or 45:30), under 100 hours, or leave it empty to show 45:30.';

/**
 * The length the placeholder player of a day without audio shows (docs/PRODUCT.md "Episode player
 * and episodes"), kept as h:mm:ss; empty shows the player's default.
 */
const playerLengthSchema = z
  .string()
  .trim()
  .default('')
  .transform((typed, context) => {
    const length = parseStatedLength(typed);
    if (length.ok) return statedLengthText(length.seconds);
    context.addIssue({ code: 'custom', message: PLAYER_LENGTH_PROBLEM });
    return z.NEVER;
  });

/**
 * A day's title and subtitle (docs/PRODUCT.md "Day pages"), and the length its placeholder player
 * shows while it has no audio. What the day plays is its episodes (decision 0033;
 * src/server/episodes/), not fields of the day: a document of an older version that still
 * carries episode fields here imports with them left out.
 */
export const editionDaySchema = z.object({
  day: z.number().int().min(1).max(3),
  title: z.string().trim().min(1).max(200),
  subtitle: z.string().trim().max(500).default(''),
  playerLength: playerLengthSchema,
});
export type EditionDay = z.infer<typeof editionDaySchema>;

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

/** The page_type recorded for a timed page, e.g. "july_day1" (docs/PRODUCT.md "Visitor sessions"). */
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
