import { describe, expect, it } from 'vitest';
import { EPISODE_OUTCOMES } from '../../../src/domain/podcast/episode-form.ts';
import { episodeLengthSeconds, parseStatedLength, statedLengthText } from '../../../src/domain/podcast/episode-length.ts';

describe('a length the host states', () => {
  it('reads h:mm:ss and m:ss, and empty as "measure it from the audio"', () => {
    expect(parseStatedLength('2:15:30')).toEqual({ ok: true, seconds: 2 * 3600 + 15 * 60 + 30 });
    expect(parseStatedLength(' 45:30 ')).toEqual({ ok: true, seconds: 45 * 60 + 30 });
    expect(parseStatedLength('0:07')).toEqual({ ok: true, seconds: 7 });
    expect(parseStatedLength('75:00')).toEqual({ ok: true, seconds: 75 * 60 });
    expect(parseStatedLength('99:59:59')).toEqual({ ok: true, seconds: 100 * 3600 - 1 });
    expect(parseStatedLength('')).toEqual({ ok: true, seconds: null });
    expect(parseStatedLength('   ')).toEqual({ ok: true, seconds: null });
    expect(parseStatedLength(undefined)).toEqual({ ok: true, seconds: null });
  });

  it('refuses anything else with a message that says how to write it', () => {
    for (const typed of ['2h15', '135', '2:15:30:00', '2:5:30', '45:3', ':30', '2::30', '-1:00', '1.5:00', 'abc', '2:15:30 pm']) {
      expect(parseStatedLength(typed), typed).toEqual({ ok: false, problem: 'length-format' });
    }
    expect(parseStatedLength('2:75:30')).toEqual({ ok: false, problem: 'length-units' });
    expect(parseStatedLength('45:60')).toEqual({ ok: false, problem: 'length-units' });
    expect(parseStatedLength('0:00')).toEqual({ ok: false, problem: 'length-zero' });
    expect(parseStatedLength('0:00:00')).toEqual({ ok: false, problem: 'length-zero' });
    expect(parseStatedLength('100:00:00')).toEqual({ ok: false, problem: 'length-too-long' });
    // Each problem is an outcome the admin's episodes screen can show.
    expect(EPISODE_OUTCOMES['length-format']).toBe(
      'Write the length as h:mm:ss or m:ss, for example 2:15:30 or 45:30, or leave it empty to measure it from the audio.',
    );
    expect(EPISODE_OUTCOMES['length-units']).toContain('minutes and seconds go from 00 to 59');
  });

  it('is shown instead of the measured length; without it the measured one shows', () => {
    expect(episodeLengthSeconds({ statedDurationSeconds: 8130, durationSeconds: 7 })).toBe(8130);
    expect(episodeLengthSeconds({ statedDurationSeconds: null, durationSeconds: 7 })).toBe(7);
    expect(episodeLengthSeconds({ statedDurationSeconds: 8130, durationSeconds: null })).toBe(8130);
    expect(episodeLengthSeconds({ statedDurationSeconds: null, durationSeconds: null })).toBeNull();
  });

  it('is written back into the form as it reads', () => {
    expect(statedLengthText(8130)).toBe('2:15:30');
    expect(statedLengthText(45 * 60 + 30)).toBe('45:30');
    expect(statedLengthText(null)).toBe('');
  });
});
