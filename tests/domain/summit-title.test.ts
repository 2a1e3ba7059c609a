/** An edition named as a summit, never with the word twice. */
import { describe, expect, it } from 'vitest';
import { summitTitle } from '../../src/domain/summit-title.ts';

describe('summitTitle', () => {
  it('adds the word to a name without it, as the demo’s editions read', () => {
    expect(summitTitle('July')).toBe('July Summit');
    expect(summitTitle(' September ')).toBe('September Summit');
  });

  it('leaves a name that already says it, wherever and however it is written', () => {
    expect(summitTitle('Tidewater Makers Summit 2026')).toBe('Tidewater Makers Summit 2026');
    expect(summitTitle('SUMMIT of Makers')).toBe('SUMMIT of Makers');
  });

  it('does not mistake a word that only contains it', () => {
    expect(summitTitle('Summitville Gathering')).toBe('Summitville Gathering Summit');
  });
});
