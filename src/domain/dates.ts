/** Calendar dates as the pages write them. Dates are ISO 'YYYY-MM-DD' strings, read as calendar days. */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function parts(isoDate: string): { year: number; month: string; day: number } {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return { year, month: MONTHS[month - 1] as string, day };
}

/** 'July 15-17' or 'September 30 - October 3'. */
export function formatDayRange(startIso: string, endIso: string): string {
  const start = parts(startIso);
  const end = parts(endIso);
  if (start.month === end.month) return start.day === end.day ? `${start.month} ${start.day}` : `${start.month} ${start.day}-${end.day}`;
  return `${start.month} ${start.day} - ${end.month} ${end.day}`;
}

/** 'July 15-17 2025', the spec's own way of writing a summit's dates. */
export function formatDayRangeWithYear(startIso: string, endIso: string): string {
  return `${formatDayRange(startIso, endIso)} ${parts(endIso).year}`;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "21 Nov 2026, 10:02", in UTC: how the admin shows when things happened. Written out by hand, since Intl's month names differ between ICU versions. */
export function formatUtcDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${date.getUTCDate()} ${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
}

/** Building a formatter costs about a millisecond; there are few time zones, so each is kept. */
const zonedFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_ZONED_FORMATS = 200;

function zonedFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    // en-GB names European zones by their abbreviation (CET, CEST, BST) and others as GMT+11.
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    if (zonedFormats.size < MAX_ZONED_FORMATS) zonedFormats.set(timeZone, format);
  }
  return format;
}

/**
 * "29 Nov 2026, 00:00 CET": an instant in a zone, the zone named, as the pages write a time they
 * render for a reader (the edition's zone; the browser may rewrite it in the reader's own).
 * The month is written by hand, as formatUtcDateTime's is.
 */
export function formatZonedDateTime(value: Date | number, timeZone: string): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value: text } of zonedFormat(timeZone).formatToParts(value)) part[type] = text;
  const month = SHORT_MONTHS[Number(part.month) - 1];
  return `${Number(part.day)} ${month} ${part.year}, ${part.hour}:${part.minute} ${part.timeZoneName}`;
}
