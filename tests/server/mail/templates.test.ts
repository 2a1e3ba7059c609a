import { describe, expect, it } from 'vitest';
import { registrationConfirmation } from '../../../src/server/mail/templates.ts';
import { teamSignOff } from '../../../src/domain/wording.ts';

const details = {
  to: 'ada@example.com',
  firstName: 'Ada',
  summitDates: 'July 14-16, 2025',
  siteUrl: 'https://summit.example.com',
  supportEmail: 'help@example.com',
  links: {
    day1: 'https://summit.example.com/access/k?to=day-1',
    dashboard: 'https://summit.example.com/access/k?to=dashboard',
    feed: 'https://summit.example.com/feed/k.xml',
  },
};

describe('confirmation e-mail sign-off', () => {
  it('signs off once with "The" when the summit name already starts with it', () => {
    const mail = registrationConfirmation({ ...details, summitName: 'The Sacred Business Audio Summit' });
    expect(mail.text).toContain('The Sacred Business Audio Summit team');
    expect(mail.text).not.toMatch(/The The/i);
    expect(mail.html).toContain('The Sacred Business Audio Summit team');
    expect(mail.html).not.toMatch(/The The/i);
  });

  it('adds "The" to a name without it', () => {
    expect(teamSignOff('Podcast Growth Summit')).toBe('The Podcast Growth Summit team');
    expect(teamSignOff('the Quiet Summit')).toBe('The Quiet Summit team');
    expect(teamSignOff('Theatre Summit')).toBe('The Theatre Summit team');
  });
});
