/**
 * Wall-clock times in an edition's time zone and the instants they name, for the admin's pickers:
 * a `datetime-local` control holds "2025-07-30T10:00", read in the edition's zone, while the
 * settings keep an instant with its offset ("2025-07-30T10:00:00+10:00"). @date-fns/tz does the
 * zone arithmetic (daylight saving included); these functions only shape its input and output.
 */
import { TZDate } from '@date-fns/tz';
import { zonedTimeToInstant } from '../timer.ts';

const two = (value: number) => String(Math.abs(value)).padStart(2, '0');

/** "2025-07-30T10:00": what a `datetime-local` control holds. */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** An instant as the wall-clock time in `timeZone`, to the minute ("2025-07-30T10:00"). */
export function instantToLocalDateTime(instant: string | number | Date, timeZone: string): string {
  const zoned = new TZDate(new Date(instant).getTime(), timeZone);
  return `${zoned.getFullYear()}-${two(zoned.getMonth() + 1)}-${two(zoned.getDate())}T${two(zoned.getHours())}:${two(zoned.getMinutes())}`;
}

/** A wall-clock time in `timeZone` as an ISO instant with that zone's offset ("2025-07-30T10:00:00+10:00"). */
export function localDateTimeToOffsetInstant(localDateTime: string, timeZone: string): string {
  const instant = zonedTimeToInstant(localDateTime, timeZone);
  const offsetMinutes = -new TZDate(instant, timeZone).getTimezoneOffset();
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${two(Math.trunc(offsetMinutes / 60))}:${two(offsetMinutes % 60)}`;
  return `${localDateTime.slice(0, 16)}:00${offset}`;
}
