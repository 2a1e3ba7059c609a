import { describe, expect, it } from 'vitest';
import { faqForEdition, homeEditionDeletionMessage, homePageWording, summitDatesWithComma } from '../../src/domain/home-page.ts';
import { faqItems } from '../../src/content/faq.ts';

describe('how the home page names its edition', () => {
  it('keeps the demo’s july wording: the dates already say the name', () => {
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

describe('the FAQ on the home page', () => {
  const faq = [
    { question: 'How do I listen?', answer: 'In your podcast app from {{summit_dates}}. Keep an eye on your inbox.' },
    { question: 'Replays?', answer: 'Yes.' },
  ];

  it('names the dates of the edition the home page shows, never another edition’s', () => {
    expect(faqForEdition(faq, { name: 'July', summitStartDate: '2025-07-15', summitEndDate: '2025-07-17' })[0]!.answer).toBe(
      'In your podcast app from July 15-17 2025. Keep an eye on your inbox.',
    );
    const winter = faqForEdition(faq, { name: 'Winter Sound', summitStartDate: '2026-12-10', summitEndDate: '2026-12-12' });
    expect(winter.map((item) => item.answer)).toEqual(['In your podcast app from December 10-12 2026. Keep an eye on your inbox.', 'Yes.']);
  });

  it('says the demo’s dates for july out of the box, from the seeded FAQ', () => {
    const shown = faqForEdition(faqItems, { name: 'July', summitStartDate: '2025-07-15', summitEndDate: '2025-07-17' });
    expect(shown[1]!.answer).toContain('listen in your favourite podcast app from July 15-17 2025.');
  });
});
