import { describe, expect, it } from 'vitest';
import { homeEditionDeletionMessage, homePageWording, summitDatesWithComma } from '../../src/domain/home-page.ts';

describe('how the home page names its edition', () => {
  it('keeps SPEC.md’s july wording: the dates already say the name', () => {
    expect(homePageWording({ name: 'July', summitStartDate: '2025-07-15', summitEndDate: '2025-07-17' })).toEqual({
      heroLine: 'July 15-17, 2025',
      titleSuffix: 'Free, July 15-17',
      dayRange: 'July 15-17',
    });
  });

  it('names another edition before its own dates', () => {
    expect(homePageWording({ name: 'Winter Sound', summitStartDate: '2026-12-30', summitEndDate: '2027-01-01' })).toEqual({
      heroLine: 'Winter Sound · December 30 - January 1, 2027',
      titleSuffix: 'Winter Sound · Free, December 30 - January 1',
      dayRange: 'December 30 - January 1',
    });
    expect(summitDatesWithComma('2026-12-15', '2026-12-17')).toBe('December 15-17, 2026');
  });

  it('says why the home page’s edition cannot be deleted, and what to do', () => {
    expect(homeEditionDeletionMessage('Winter Sound')).toMatch(
      /^Winter Sound cannot be deleted while the home page shows it.*Show on the home page/,
    );
  });
});
