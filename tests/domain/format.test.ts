import { describe, expect, it } from 'vitest';
import { formatCountdown } from '../../src/domain/countdown.ts';
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
