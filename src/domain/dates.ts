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
