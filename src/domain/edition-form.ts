/**
 * The shapes the admin's edition screens share with the server: the edition form's field names,
 * its values and messages, the duplicate form and a row of the editions list. Pure types and
 * constants, so views use them without importing server code.
 */

/** Form values by field name, as typed. */
export type EditionFormValues = Record<string, string>;
/** Messages by field name; "" holds messages about the whole form. */
export type EditionFormErrors = Record<string, string[]>;

export const DAY_NUMBERS = [1, 2, 3] as const;
/** The fields of each day, in the form's order (its audio is its episodes, on the episodes screen). */
export const DAY_FIELDS = ['title', 'subtitle', 'playerLength'] as const;
export type DayField = (typeof DAY_FIELDS)[number];

/**
 * Field names of the edition form. The settings and the day windows name their fields by their
 * paths (src/domain/settings-form/: settings.retreat.startDate, timers.day1.eventStartDate).
 */
export const editionFieldNames = {
  top: ['name', 'summitStartDate', 'summitEndDate', 'timezone', 'position', 'accessMode'] as const,
  day: (day: number, field: DayField) => `days.${day}.${field}`,
};

/** What the duplicate form holds, as typed. */
export interface DuplicateValues {
  source: string;
  slug: string;
  name: string;
  /** Copy the source's episodes too, each audio file copied (decision 0042). */
  copyEpisodes?: boolean | undefined;
}

/** One row of the editions list. */
export interface EditionSummary {
  slug: string;
  name: string;
  position: number;
  summitStartDate: string;
  summitEndDate: string;
  speakers: number;
  registrants: number;
  /** The home page, /register and the unprefixed pages show this edition (exactly one does). */
  onHomePage: boolean;
}
