import { describe, expect, it } from 'vitest';
import { countdownAnnouncement, countdownFields, deadlineFields, formatCountdown } from '../../src/domain/countdown.ts';
import { DEFAULT_DURATIONS, durationOrDefault } from '../../src/domain/durations.ts';
import { summitFromPath } from '../../src/domain/summit-path.ts';

describe('formatCountdown', () => {
  it('pads days, hours, minutes and seconds to two digits', () => {
    expect(formatCountdown(((1 * 24 + 2) * 3600 + 3 * 60 + 4) * 1000)).toEqual({
      days: '01',
      hours: '02',
      minutes: '03',
      seconds: '04',
    });
  });
  it('counts 30 days for the dashboard window', () => {
    expect(formatCountdown(30 * 86_400_000)).toEqual({ days: '30', hours: '00', minutes: '00', seconds: '00' });
  });
  it('rounds partial seconds down and shows zero once the time is past', () => {
    expect(formatCountdown(59_999).seconds).toBe('59');
    expect(formatCountdown(-5000)).toEqual({ days: '00', hours: '00', minutes: '00', seconds: '00' });
  });
});

describe('durationOrDefault', () => {
  it('keeps a given duration', () => {
    expect(durationOrDefault('2:15:30', 'episodePlayer')).toBe('2:15:30');
  });
  it('uses each place’s default when the value is missing or blank', () => {
    expect(DEFAULT_DURATIONS).toEqual({ episodePlayer: '45:30', hostView: '5:00', hostCard: '25:30' });
    expect(durationOrDefault(null, 'episodePlayer')).toBe('45:30');
    expect(durationOrDefault(undefined, 'hostView')).toBe('5:00');
    expect(durationOrDefault('  ', 'hostCard')).toBe('25:30');
  });
});

describe('summitFromPath', () => {
  it('selects august or september when the path contains /august/ or /september/', () => {
    expect(summitFromPath('/august/day-1')).toBe('august');
    expect(summitFromPath('/september/bonus-bundle-embed')).toBe('september');
    expect(summitFromPath('/september/')).toBe('september');
    expect(summitFromPath('/september')).toBe('september');
  });
  it('is july for anything else', () => {
    expect(summitFromPath('/')).toBe('july');
    expect(summitFromPath('/day-1')).toBe('july');
    expect(summitFromPath('/july/dashboard')).toBe('july');
    expect(summitFromPath('/augustus/day-1')).toBe('july');
  });
  it('knows editions added as data', () => {
    expect(summitFromPath('/october/day-2', ['august', 'september', 'october'])).toBe('october');
  });
});

describe('the countdown for screen readers', () => {
  const MINUTE = 60_000;
  it('speaks only when a moment near the end is passed, never every second', () => {
    expect(countdownAnnouncement(5 * MINUTE + 1000, 5 * MINUTE)).toBe('5 minutes left.');
    expect(countdownAnnouncement(MINUTE + 500, MINUTE - 500)).toBe('1 minute left.');
    expect(countdownAnnouncement(61 * MINUTE, 60 * MINUTE - 1)).toBe('60 minutes left.');
    expect(countdownAnnouncement(5 * MINUTE, 5 * MINUTE - 1000)).toBeNull();
    expect(countdownAnnouncement(42 * MINUTE, 42 * MINUTE - 1000)).toBeNull();
    // Every second of an hour: seven announcements.
    let spoken = 0;
    for (let left = 61 * MINUTE; left > 0; left -= 1000) if (countdownAnnouncement(left, left - 1000)) spoken++;
    expect(spoken).toBe(7);
  });

  it('gives the deadline as an instant and as text in the edition’s zone, named, for the time-limit sentence', () => {
    const deadline = Date.UTC(2026, 10, 25, 20, 0);
    const fields = countdownFields(deadline, Date.UTC(2026, 10, 25, 19, 0), deadlineFields(deadline, 'UTC'));
    expect(fields).toMatchObject({ deadlineIso: '2026-11-25T20:00:00.000Z', deadlineText: '25 Nov 2026, 20:00 UTC', hours: '01' });
    // A Berlin edition's midnight is written as Berlin's, never as 23:00 UTC (decision 0074).
    expect(deadlineFields(Date.UTC(2026, 10, 28, 23, 0), 'Europe/Berlin').deadlineText).toBe('29 Nov 2026, 00:00 CET');
    expect(deadlineFields(Date.UTC(2026, 6, 14, 22, 0), 'Europe/Berlin').deadlineText).toBe('15 Jul 2026, 00:00 CEST');
  });
});

describe('a countdown that jumped (a device waking from sleep)', () => {
  it('speaks the nearest moment it passed, once', () => {
    expect(countdownAnnouncement(24 * 3600_000, 300_500)).toBe('10 minutes left.');
    expect(countdownAnnouncement(300_500, 299_500)).toBe('5 minutes left.');
  });
});
