import { describe, expect, it } from 'vitest';
import { demoContent } from '../../src/content/index.ts';
import { editionInputSchema, timerConfigSchema } from '../../src/domain/edition.ts';
import { addDays } from '../../src/domain/edition-dates/calendar-days.ts';
import { neutralEdition, newEditionErrors, type NewEditionValues } from '../../src/domain/edition-template.ts';

const values: NewEditionValues = {
  name: 'Winter Sound 2026',
  slug: 'winter-2026',
  summitStartDate: '2026-12-15',
  summitEndDate: '2026-12-17',
  timezone: 'America/New_York',
  supportEmail: 'hello@winter-sound.example.org',
  accessMode: 'registrants',
};

/** Every text of the demo editions that must not reach a new edition: names, addresses, codes, offers. */
function demoWords(): string[] {
  const words = new Set<string>(['sacred-business', 'Sacred', 'Retreat September', 'SEPT25', 'AUGUST25', 'Workshop', 'School Trial']);
  for (const demo of demoContent.editions) {
    words.add(demo.edition.name);
    words.add(demo.edition.summitStartDate);
    const { dashboard, links, upgrade } = demo.edition.settings;
    if (dashboard.supportEmail) words.add(dashboard.supportEmail);
    words.add(demo.edition.settings.sponsorshipEmail);
    for (const url of [...Object.values(links), upgrade.replayCheckoutUrl, upgrade.aapCheckoutUrl]) if (url) words.add(url);
    for (const card of dashboard.bonusCards) words.add(card.title);
    for (const person of demo.speakers) words.add(`${person.firstName} ${person.lastName}`);
  }
  return [...words];
}

describe('the neutral edition template', () => {
  const made = neutralEdition({ ...values, position: 4 });

  it('is a valid edition with the host’s own name, slug, dates, zone and address', () => {
    expect(editionInputSchema.parse(made.edition)).toEqual(made.edition);
    expect(made.edition).toMatchObject({
      slug: 'winter-2026',
      name: 'Winter Sound 2026',
      position: 4,
      summitStartDate: '2026-12-15',
      summitEndDate: '2026-12-17',
      timezone: 'America/New_York',
      accessMode: 'registrants',
    });
    expect(made.edition.settings.dashboard.supportEmail).toBe('hello@winter-sound.example.org');
    expect(made.edition.settings.sponsorshipEmail).toBe('hello@winter-sound.example.org');
  });

  it('carries nothing of the demo: no people, offers, codes, links, demo dates or addresses', () => {
    const text = JSON.stringify(made);
    for (const word of demoWords()) expect(text, word).not.toContain(word);
    const { dashboard, upgrade, links } = made.edition.settings;
    expect(dashboard).toMatchObject({ bonusCards: [], staticSchedule: [], templateUpsell: null, workshop: null, showBonusBundle: false });
    expect([upgrade.replayCheckoutUrl, upgrade.aapCheckoutUrl, ...Object.values(links)].every((url) => url === '')).toBe(true);
    expect(made.edition.settings.speakersErrorMessage).toBe('Unable to load speakers at this time. Please try again later.');
    // The passes are named plainly: the demo's "Sovereign Pathway" is the demo's own brand.
    expect([upgrade.replay?.name, upgrade.aap?.name]).toEqual(['Replay Pass', 'All Access Pass']);
    expect(text).not.toContain('Sovereign');
  });

  it('opens each day page on its own summit day in the edition’s time zone, then leads home', () => {
    for (const timer of Object.values(made.timers)) timerConfigSchema.parse(timer);
    expect(made.timers.day1).toEqual({
      mode: 'live',
      eventStartDate: '2026-12-15T00:00',
      eventEndDate: '2026-12-16T00:00',
      timezone: 'America/New_York',
      redirectUrl: 'day-2',
    });
    expect(made.timers.day3).toMatchObject({ eventStartDate: '2026-12-17T00:00', eventEndDate: '2026-12-18T00:00', redirectUrl: '/' });
    expect(made.timers.dashboard).toMatchObject({ mode: 'evergreen', redirectUrl: '/' });
    expect(made.days.map((day) => day.title)).toEqual(['Day 1', 'Day 2', 'Day 3']);
  });

  it('starts with no retreat, integration week, workshop or bonus bundle: each stays off until the host turns it on', () => {
    const { retreat, integrationWeek, dashboard, features, offer } = made.edition.settings;
    expect({ retreat, integrationWeek, workshop: dashboard.workshop, bonusBundle: features.bonusBundle }).toEqual({
      retreat: null,
      integrationWeek: null,
      workshop: null,
      bonusBundle: false,
    });
    expect(offer.retreatDays).toEqual([]);
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-30', 2)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('the New edition form’s rules', () => {
  it('accepts the host’s facts', () => {
    expect(newEditionErrors(values, null)).toEqual({});
  });

  it('says per field what is wrong', () => {
    const errors = newEditionErrors(
      {
        name: '',
        slug: 'Winter 2026',
        summitStartDate: '2026-02-30',
        summitEndDate: '',
        timezone: 'Mars/Olympus',
        supportEmail: 'nobody',
        accessMode: 'all',
      },
      null,
    );
    expect(errors).toEqual({
      name: ['Enter a name for the edition, e.g. Winter 2026.'],
      slug: ['Use 2-40 lowercase letters, digits or dashes, starting with a letter.'],
      summitStartDate: ['Use a date such as 2026-12-15.'],
      summitEndDate: ['Enter the last day of the summit.'],
      timezone: ['Use an IANA time zone such as Australia/Sydney or America/New_York.'],
      supportEmail: ['Enter an e-mail address such as hello@example.com.'],
      accessMode: ['Choose who may open the day pages.'],
    });
  });

  it('refuses an end before the start, and a summit that is not three days', () => {
    expect(newEditionErrors({ ...values, summitEndDate: '2026-12-14' }, null)).toEqual({
      summitEndDate: ['The summit cannot end before it starts.'],
    });
    expect(newEditionErrors({ ...values, summitEndDate: '2026-12-20' }, null)).toEqual({
      summitEndDate: ['The summit runs three days, day 1 to day 3: starting 2026-12-15, it ends 2026-12-17.'],
    });
  });

  it('passes on what the server knows of the slug (taken, reserved)', () => {
    expect(newEditionErrors(values, 'There is already an edition with the slug “winter-2026”.')).toEqual({
      slug: ['There is already an edition with the slug “winter-2026”.'],
    });
  });
});
