import { describe, expect, it } from 'vitest';
import { filterByDay, findHostForDay, fullName, sortIntegrationSessions } from '../../src/domain/people.ts';

describe('fullName', () => {
  it('joins first and last name', () => {
    expect(fullName({ firstName: 'Luna', lastName: 'Rivers' })).toBe('Luna Rivers');
  });
  it('trims the parts and leaves out a missing last name', () => {
    expect(fullName({ firstName: '  Sage ', lastName: '' })).toBe('Sage');
    expect(fullName({ firstName: 'Sage', lastName: null })).toBe('Sage');
  });
});

describe('filterByDay', () => {
  const items = [
    { name: 'a', day: 1 },
    { name: 'b', day: 2 },
    { name: 'c', day: 1 },
  ];
  it('keeps the items of that day, in order', () => {
    expect(filterByDay(items, 1).map((i) => i.name)).toEqual(['a', 'c']);
  });
  it('gives an empty list for a day with none', () => {
    expect(filterByDay(items, 3)).toEqual([]);
  });
});

describe('findHostForDay', () => {
  const hosts = [
    { name: 'first of day 2', day: 2 },
    { name: 'second of day 2', day: 2 },
  ];
  it('returns the first match', () => {
    expect(findHostForDay(hosts, 2)?.name).toBe('first of day 2');
  });
  it('returns null when no host has that day', () => {
    expect(findHostForDay(hosts, 1)).toBeNull();
  });
});

describe('sortIntegrationSessions', () => {
  it('puts the opening ceremony first and the closing ceremony last, case-insensitively', () => {
    const sessions = [
      { topic: 'CLOSING CEREMONY and vision', day: 5 },
      { topic: 'Embodiment practice', day: 2 },
      { topic: 'The Opening Ceremony: arriving', day: 1 },
      { topic: 'Integration lab', day: 3 },
    ];
    expect(sortIntegrationSessions(sessions).map((s) => s.day)).toEqual([1, 2, 3, 5]);
  });
  it('keeps the order of the other sessions and does not change its input', () => {
    const sessions = [
      { topic: 'b', day: 4 },
      { topic: 'closing ceremony', day: 5 },
      { topic: 'a', day: 2 },
      { topic: null, day: 3 },
    ];
    const copy = structuredClone(sessions);
    expect(sortIntegrationSessions(sessions).map((s) => s.day)).toEqual([4, 2, 3, 5]);
    expect(sessions).toEqual(copy);
  });
});
