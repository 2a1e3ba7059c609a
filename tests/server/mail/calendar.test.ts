/** The calendar file's DTSTAMP is UTC (ends in Z), and a day's title is labelled once. */
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { summitCalendar } from '../../../src/server/mail/calendar.ts';
import { dayHeading } from '../../../src/domain/day-title.ts';

const start = Date.parse('2025-09-22T14:00:00Z');
const DAY = 24 * 3600_000;
const calendar = () =>
  summitCalendar({
    slug: 'september',
    summitName: 'Find Your Voice',
    timezone: 'Australia/Sydney',
    siteUrl: 'https://summit.example.com',
    days: [
      { day: 1, title: 'Day 1: Find Your Show', window: { mode: 'live', start, end: start + DAY } },
      { day: 2, title: 'Grow Your Audience', window: { mode: 'live', start: start + DAY, end: start + 2 * DAY } },
      { day: 3, title: null, window: { mode: 'live', start: start + 2 * DAY, end: start + 3 * DAY } },
    ],
  }) as string;

describe('the summit calendar file', () => {
  it('stamps every event in UTC, with its Z', () => {
    const stamps = calendar().match(/^DTSTAMP:.*$/gm) ?? [];
    expect(stamps).toHaveLength(3);
    for (const stamp of stamps) expect(stamp.trim()).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
  });

  it('keeps each day in the edition’s time zone, with its VTIMEZONE', () => {
    const text = calendar();
    expect(text).toContain('BEGIN:VTIMEZONE');
    expect(text).toContain('DTSTART;TZID=Australia/Sydney:20250923T000000');
    const events = Object.values(ical.sync.parseICS(text)).filter((item) => item?.type === 'VEVENT') as VEvent[];
    expect(events.map((event) => event.start.toISOString())).toEqual([
      '2025-09-22T14:00:00.000Z',
      '2025-09-23T14:00:00.000Z',
      '2025-09-24T14:00:00.000Z',
    ]);
  });

  it('names each day once: "Day 1: Find Your Show", never "Day 1: Day 1: …"', () => {
    const summaries = (calendar().match(/^SUMMARY:.*$/gm) ?? []).map((line) => line.trim());
    expect(summaries).toEqual([
      'SUMMARY:Find Your Voice: Day 1: Find Your Show',
      'SUMMARY:Find Your Voice: Day 2: Grow Your Audience',
      'SUMMARY:Find Your Voice: Day 3',
    ]);
  });
});

describe('dayHeading', () => {
  it('labels a title with its day once', () => {
    expect(dayHeading(1, 'Find Your Show')).toBe('Day 1: Find Your Show');
    expect(dayHeading(1, 'Day 1: Find Your Show')).toBe('Day 1: Find Your Show');
    expect(dayHeading(2, 'day 2 - Grow')).toBe('Day 2: Grow');
    expect(dayHeading(1, 'Day 12 things')).toBe('Day 1: Day 12 things');
    expect(dayHeading(3, '  ')).toBe('Day 3');
  });
});
