/**
 * A moment the API takes (a cursor's time, `updated_since`): an ISO 8601 time on a calendar day
 * that exists, between the years 1 and 9999 in UTC. JavaScript reads 2000-02-31 as 2 March and
 * year 0 as 1 BC, and the database refuses a year 0 outright: a time outside this range is a
 * client's mistake, answered 400 with its message, never passed on to the database.
 */
export const INSTANT_MESSAGE = 'A time on a day that exists, between the years 0001 and 9999, such as 2026-11-27T10:00:00Z.';

const DATE = /^(\d{4})-(\d{2})-(\d{2})T/;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysIn(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The moment, or null when the written day does not exist or the moment is outside the years 1-9999 (UTC). */
export function apiInstant(text: string): Date | null {
  const parts = DATE.exec(text);
  if (!parts) return null;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) return null;
  const utcYear = at.getUTCFullYear();
  return utcYear >= 1 && utcYear <= 9999 ? at : null;
}
