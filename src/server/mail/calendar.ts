/**
 * The calendar file live editions attach (decision 0021): one event per summit day, in
 * the edition's time zone (DTSTART;TZID=... with the zone's VTIMEZONE), built with ical-generator.
 */
import { TZDate } from '@date-fns/tz';
import { ICalCalendar, ICalCalendarMethod } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { dayHeading } from '../../domain/day-title.ts';
import type { DayWindow } from '../../domain/mail/send-rules.ts';
import { oneLineText } from '../../domain/plain-text.ts';

export interface CalendarDay {
  day: number;
  /** The day's title as the host typed it (it may already start with "Day 1"), or null. */
  title: string | null;
  window: DayWindow | null;
}

export interface CalendarEdition {
  slug: string;
  summitName: string;
  timezone: string;
  siteUrl: string;
  days: CalendarDay[];
}

/** The .ics text, or null when no day is live (evergreen days have no fixed time). */
export function summitCalendar(edition: CalendarEdition): string | null {
  const liveDays = edition.days.filter(
    (day): day is CalendarDay & { window: Extract<DayWindow, { mode: 'live' }> } => day.window?.mode === 'live',
  );
  if (!liveDays.length) return null;
  const host = new URL(edition.siteUrl).hostname;
  const calendar = new ICalCalendar({
    name: oneLineText(edition.summitName),
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: 'summit', product: 'summit-site' },
  });
  // No calendar-wide zone name: with one, ical-generator writes DTSTAMP in that zone's wall-clock
  // time without its Z (decision 0034), where RFC 5545 wants UTC. The events name their zone
  // (TZID) and the generator still adds its VTIMEZONE block.
  calendar.timezone({ name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null });
  for (const day of liveDays) {
    calendar.createEvent({
      id: `${edition.slug}-day-${day.day}@${host}`,
      // A TZDate, so the wall-clock time written after TZID is the edition's, not the server's.
      start: new TZDate(day.window.start, edition.timezone),
      end: new TZDate(day.window.end, edition.timezone),
      timezone: edition.timezone,
      summary: oneLineText(`${edition.summitName}: ${dayHeading(day.day, day.title)}`),
      url: `${edition.siteUrl}/${edition.slug}/day-${day.day}`,
    });
  }
  return calendar.toString();
}
