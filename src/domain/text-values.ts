/**
 * The values of the fields an edition's words may name (edition-texts/fill.ts): one source for every page that
 * shows its words (the thank-you page, the day pages' banner), so a field the edition form offers
 * is never empty on one of them (decision 0074). Outside edition-texts/: fill.ts is imported by the
 * settings' schema, which this reads.
 */
import { formatDayRangeWithYear } from './dates.ts';
import type { EditionSettings } from './edition-settings/schema.ts';
import { TOP_PASS } from './offered-pass.ts';
import type { TextValues } from './edition-texts/fill.ts';

/** The fields' values for an edition. */
export function textValuesOf(edition: {
  summitStartDate: string;
  summitEndDate: string;
  settings: Pick<EditionSettings, 'retreat' | 'upgrade'>;
}): Required<TextValues> {
  const { retreat, upgrade } = edition.settings;
  return {
    summit_dates: formatDayRangeWithYear(edition.summitStartDate, edition.summitEndDate),
    retreat_dates: retreat ? formatDayRangeWithYear(retreat.startDate, retreat.endDate) : '',
    pass_name: upgrade[TOP_PASS].name,
  };
}
