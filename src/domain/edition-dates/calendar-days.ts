/** Calendar arithmetic on ISO dates and local date-times, with no time zone (safe in the browser too). */

/** "2025-07-15" plus `days` calendar days (negative goes back), as ISO dates. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A local date-time to the minute, so "2025-09-23T00:00:00" and "2025-09-23T00:00" compare equal. */
export function toMinute(localDateTime: string): string {
  return localDateTime.slice(0, 16);
}
