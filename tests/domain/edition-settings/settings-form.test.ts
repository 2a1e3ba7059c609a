import { describe, expect, it } from 'vitest';
import { demoEditions } from '../../../src/content/editions.ts';
import { editionSettingsSchema, type EditionSettings } from '../../../src/domain/edition-settings/schema.ts';
import { matchingReading, presetPasses, tierOffers, checkoutUrlsOf } from '../../../src/domain/offers.ts';
import { readSettingsForm, settingsFormValues } from '../../../src/domain/settings-form/settings-values.ts';
import { readTimerForm, timerFormValues } from '../../../src/domain/settings-form/timer-values.ts';

const SYDNEY = 'Australia/Sydney';
const demo = (slug: string) => demoEditions.find((edition) => edition.edition.slug === slug)!;
const settingsOf = (slug: string): EditionSettings => editionSettingsSchema.parse(demo(slug).edition.settings);

describe('the settings form', () => {
  it('shows every demo edition’s settings and reads them back unchanged, passes stated', () => {
    for (const slug of ['july', 'august', 'september']) {
      const settings = settingsOf(slug);
      const read = readSettingsForm(settingsFormValues(settings, SYDNEY), { base: settings, timeZone: SYDNEY });
      expect(read.ok).toBe(true);
      if (!read.ok) continue;
      expect(read.settings).toEqual(settings);
      expect(read.settings.offer.minutes).toBe(15);
    }
  });

  it('reads the host’s own words for the feed’s “summit has ended” item, and refuses them empty', () => {
    const settings = settingsOf('july');
    const values = settingsFormValues(settings, SYDNEY);
    const words = {
      ...values,
      'settings.feedEnded.offered': 'on',
      'settings.feedEnded.title': 'Harbour Light has docked',
      'settings.feedEnded.text': 'The free days have sailed.',
    };
    const read = readSettingsForm(words, { base: settings, timeZone: SYDNEY });
    expect(read.ok && read.settings.feedEnded).toEqual({ title: 'Harbour Light has docked', text: 'The free days have sailed.' });
    const empty = readSettingsForm({ ...words, 'settings.feedEnded.text': '' }, { base: settings, timeZone: SYDNEY });
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(Object.keys(empty.errors)).toEqual(['settings.feedEnded.text']);
  });

  it('shows the workshop in the edition’s time zone and reads it in the zone the form was saved with', () => {
    const settings = settingsOf('july');
    const values = settingsFormValues(settings, SYDNEY);
    expect(values['settings.dashboard.workshop.startsAt']).toBe('2025-07-30T10:00');
    expect(values['settings.registrationClosesAt']).toBe('default');
    const read = readSettingsForm(
      { ...values, 'settings.dashboard.workshop.startsAt': '2025-07-31T18:15' },
      { base: settings, timeZone: 'Europe/London' },
    );
    expect(read.ok && read.settings.dashboard.workshop?.startsAt).toBe('2025-07-31T18:15:00+01:00');
  });

  it('leaves blank rows out, adds filled ones, and puts a row’s message under that row', () => {
    const settings = settingsOf('july');
    const values = settingsFormValues(settings, SYDNEY);
    expect(values['settings.dashboard.bonusCards.3.title']).toBe('');
    const added = readSettingsForm(
      {
        ...values,
        'settings.dashboard.bonusCards.1.title': '',
        'settings.dashboard.bonusCards.1.url': '',
        'settings.dashboard.bonusCards.1.buttonLabel': '',
        'settings.dashboard.bonusCards.1.description': '',
        'settings.dashboard.bonusCards.3.title': 'Journal',
      },
      { base: settings, timeZone: SYDNEY },
    );
    expect(added.ok && added.settings.dashboard.bonusCards.map((card) => card.title)).toEqual([
      '30-Day School Trial',
      'Private Summit Podcast',
      'Journal',
    ]);
    const untitled = readSettingsForm(
      { ...values, 'settings.dashboard.bonusCards.1.title': '', 'settings.dashboard.bonusCards.2.title': '' },
      { base: settings, timeZone: SYDNEY },
    );
    expect(untitled).toEqual({
      ok: false,
      errors: { 'settings.dashboard.bonusCards.1.title': ['Fill this in.'], 'settings.dashboard.bonusCards.2.title': ['Fill this in.'] },
    });
  });

  it('reads no more rows than the schema takes, whatever row numbers are posted', () => {
    const settings = settingsOf('july');
    const values = {
      ...settingsFormValues(settings, SYDNEY),
      'settings.dashboard.bonusCards.999999999.title': 'Far away',
      'settings.dashboard.bonusCards.x.title': 'Not a row',
    };
    const read = readSettingsForm(values, { base: settings, timeZone: SYDNEY });
    expect(read.ok && read.settings.dashboard.bonusCards).toHaveLength(3);
  });

  it('refuses a support address that is not one, and takes an empty one', () => {
    const settings = settingsOf('july');
    const values = settingsFormValues(settings, SYDNEY);
    expect(readSettingsForm({ ...values, 'settings.dashboard.supportEmail': 'help desk' }, { base: settings, timeZone: SYDNEY })).toEqual({
      ok: false,
      errors: { 'settings.dashboard.supportEmail': ['Enter an e-mail address such as support@example.com.'] },
    });
    const empty = readSettingsForm({ ...values, 'settings.dashboard.supportEmail': '' }, { base: settings, timeZone: SYDNEY });
    expect(empty.ok && empty.settings.dashboard.supportEmail).toBe('');
  });

  it('turns optional blocks off and on, and reads the registration end', () => {
    const settings = settingsOf('september');
    const values = settingsFormValues(settings, SYDNEY);
    const read = readSettingsForm(
      {
        ...values,
        'settings.dashboard.templateUpsell.offered': '',
        'settings.registrationClosesAt': 'at',
        'settings.registrationClosesAt.at': '2025-09-26T00:00',
      },
      { base: settings, timeZone: SYDNEY },
    );
    expect(read.ok && read.settings.dashboard.templateUpsell).toBeNull();
    expect(read.ok && read.settings.registrationClosesAt).toBe('2025-09-26T00:00:00+10:00');
    const never = readSettingsForm({ ...values, 'settings.registrationClosesAt': 'never' }, { base: settings, timeZone: SYDNEY });
    expect(never.ok && never.settings.registrationClosesAt).toBe('never');
    const missing = readSettingsForm({ ...values, 'settings.registrationClosesAt': 'at' }, { base: settings, timeZone: SYDNEY });
    expect(missing).toEqual({ ok: false, errors: { 'settings.registrationClosesAt.at': ['Enter a date and time.'] } });
  });

  it('says what is wrong with typed numbers, prices and e-mail addresses', () => {
    const settings = settingsOf('july');
    const values = settingsFormValues(settings, SYDNEY);
    const read = readSettingsForm(
      {
        ...values,
        'settings.upgrade.replay.price': '$77',
        'settings.accessDays': '3.5',
        'settings.sponsorshipEmail': 'nobody',
        'settings.embedHeight.speakers.delaysMs': '100, soon',
      },
      { base: settings, timeZone: SYDNEY },
    );
    expect(read).toEqual({
      ok: false,
      errors: {
        'settings.upgrade.replay.price': ['Enter an amount in USD, such as 197 or 197.00.'],
        'settings.accessDays': ['Enter a whole number, 0 or more.'],
        'settings.sponsorshipEmail': ['Enter an e-mail address such as support@example.com.'],
        'settings.embedHeight.speakers.delaysMs': ['Enter whole numbers separated by commas, e.g. 1, 2, 3.'],
      },
    });
    const email = readSettingsForm({ ...values, 'settings.sponsorshipEmail': 'nobody' }, { base: settings, timeZone: SYDNEY });
    expect(email).toEqual({ ok: false, errors: { 'settings.sponsorshipEmail': ['Enter an e-mail address such as support@example.com.'] } });
  });
});

describe('prices in minor units, typed in major ones (decision 0064)', () => {
  const settings = settingsOf('july');
  const values = settingsFormValues(settings, SYDNEY);
  const read = (changes: Record<string, string>) => readSettingsForm({ ...values, ...changes }, { base: settings, timeZone: SYDNEY });
  const errorsOf = (changes: Record<string, string>) => {
    const result = read(changes);
    return result.ok ? {} : result.errors;
  };

  it('shows stored cents as "197.00" and reads "197" or "197.00" back as 19700', () => {
    expect(values['settings.upgrade.aap.price']).toBe('197.00');
    expect(values['settings.upgrade.aap.earlyPrice']).toBe('');
    for (const typed of ['197', '197.00', '197.0']) {
      const result = read({ 'settings.upgrade.aap.price': typed });
      expect(result.ok && result.settings.upgrade.aap.price).toBe(19700);
    }
  });

  it('reads the amounts in the currency posted with them (a yen edition has no decimals)', () => {
    const yen = { 'settings.checkout.currency': 'JPY', 'settings.upgrade.replay.price': '5000', 'settings.upgrade.aap.price': '12000' };
    // The other amounts the form holds were typed in dollars ("4.99"): they must be typed again in yen.
    expect(Object.keys(errorsOf(yen))).toEqual(['settings.dashboard.workshop.price']);
    const result = read({ ...yen, 'settings.dashboard.workshop.price': '500' });
    expect(result.ok && [result.settings.checkout.currency, result.settings.upgrade.replay.price]).toEqual(['jpy', 5000]);
    expect(errorsOf({ ...yen, 'settings.dashboard.workshop.price': '500', 'settings.upgrade.aap.price': '120.50' })).toEqual({
      'settings.upgrade.aap.price': ['JPY has no decimals: enter 197.'],
    });
  });

  it('refuses text, too many decimals, a negative or (with a checkout link) a zero price at the field', () => {
    expect(
      errorsOf({
        'settings.upgrade.replay.price': 'free',
        'settings.upgrade.aap.price': '19.999',
        'settings.dashboard.workshop.price': '-5',
      }),
    ).toEqual({
      'settings.upgrade.replay.price': ['Enter an amount in USD, such as 197 or 197.00.'],
      'settings.upgrade.aap.price': ['USD takes at most 2 digits after the point.'],
      'settings.dashboard.workshop.price': ['Enter an amount of 0 or more in USD, such as 197 or 197.00.'],
    });
    expect(errorsOf({ 'settings.upgrade.aap.price': '0' })).toEqual({
      'settings.upgrade.aap.price': ['A pass on sale (it has a checkout link) needs a price above zero.'],
    });
  });

  it('keeps an early price with its deadline in the edition’s time zone, and refuses one that is not below the price or lacks a deadline', () => {
    const early = read({ 'settings.upgrade.aap.earlyPrice': '97', 'settings.upgrade.aap.earlyPriceUntil': '2025-07-10T23:59' });
    expect(early.ok && early.settings.upgrade.aap).toMatchObject({
      price: 19700,
      earlyPrice: 9700,
      earlyPriceUntil: '2025-07-10T23:59:00+10:00',
    });
    expect(errorsOf({ 'settings.upgrade.aap.earlyPrice': '197', 'settings.upgrade.aap.earlyPriceUntil': '2025-07-10T23:59' })).toEqual({
      'settings.upgrade.aap.earlyPrice': ['The early price must be below the pass’s price.'],
    });
    expect(errorsOf({ 'settings.upgrade.aap.earlyPrice': '97' })).toEqual({
      'settings.upgrade.aap.earlyPriceUntil': ['Give both an early price and the date and time it ends, or neither.'],
    });
    expect(errorsOf({ 'settings.upgrade.aap.earlyPrice': '97', 'settings.upgrade.aap.earlyPriceUntil': 'next friday' })).toEqual({
      'settings.upgrade.aap.earlyPriceUntil': ['Pick a date and time, e.g. 2025-07-30 10:00.'],
    });
    expect(errorsOf({ 'settings.upgrade.aap.earlyPrice': '0', 'settings.upgrade.aap.earlyPriceUntil': '2025-07-10T23:59' })).toEqual({
      'settings.upgrade.aap.earlyPrice': ['An early price must be above zero.'],
    });
  });
});

describe('passes and the two price readings', () => {
  const urls = { replayCheckoutUrl: 'https://pay.example/replay', aapCheckoutUrl: 'https://pay.example/aap' };
  it('uses the edition’s own passes on the offer and the dashboard', () => {
    const own = { name: 'Golden Pass', price: 15000, earlyPrice: null, earlyPriceUntil: null, benefits: ['Everything'] };
    const upgrade = { ...urls, ...presetPasses('a'), aap: own };
    const pricing = { now: new Date('2025-07-01T00:00:00Z'), currency: 'usd', timeZone: 'UTC', lang: 'en', replayPaid: null };
    const tiers = tierOffers(upgrade, checkoutUrlsOf(upgrade, null), pricing);
    expect(tiers.map((tier) => [tier.name, tier.price, tier.priceText, tier.checkoutUrl])).toEqual([
      ['Free Registration', 0, 'Free', null],
      ['Replay Pass', 7700, '$77.00', urls.replayCheckoutUrl],
      ['Golden Pass', 15000, '$150.00', urls.aapCheckoutUrl],
    ]);
    expect(matchingReading({ replay: { price: 9700 }, aap: { price: 29700 } })).toBe('b');
    expect(matchingReading({ replay: { price: 7700 }, aap: { price: 15000 } })).toBeNull();
    expect(matchingReading({ replay: { price: 77 }, aap: { price: 197 } }, 'jpy')).toBe('a');
  });
});

describe('the day windows form', () => {
  const september = demo('september');
  const context = { summit: september.edition, timeZone: SYDNEY, links: settingsOf('september').links };

  it('shows each window, whether it follows the summit, and where it leads, and reads them back unchanged', () => {
    const values = timerFormValues(september.timers, context);
    expect(values['timers.day1.follows']).toBe('on');
    expect(values['timers.day3.redirect']).toBe('course');
    expect(values['timers.dashboard.redirect']).toBe('main-site');
    expect(values['timers.dashboard.durationDays']).toBe('30');
    expect(readTimerForm(values, context)).toEqual({ ok: true, timers: september.timers });
  });

  it('moves following windows with the summit, keeps a window set by hand, and reads it in the edition’s zone', () => {
    const values = timerFormValues(september.timers, context);
    const moved = readTimerForm(
      {
        ...values,
        'timers.day2.follows': '',
        'timers.day2.eventStartDate': '2025-10-08T09:00',
        'timers.day2.eventEndDate': '2025-10-08T17:00',
      },
      { ...context, summit: { summitStartDate: '2025-10-07', summitEndDate: '2025-10-09' }, timeZone: 'Europe/London' },
    );
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    expect(moved.timers.day1).toMatchObject({
      eventStartDate: '2025-10-07T00:00',
      eventEndDate: '2025-10-08T00:00',
      timezone: 'Europe/London',
    });
    expect(moved.timers.day2).toMatchObject({ eventStartDate: '2025-10-08T09:00', eventEndDate: '2025-10-08T17:00' });
    expect(moved.timers.day3).toMatchObject({ eventStartDate: '2025-10-09T00:00', redirectUrl: context.links.courseUrl });
  });

  it('says what is missing: a length, a time, an address', () => {
    const values = timerFormValues(september.timers, context);
    const read = readTimerForm(
      {
        ...values,
        'timers.dashboard.durationDays': '0',
        'timers.day1.follows': '',
        'timers.day1.eventEndDate': '',
        'timers.day2.redirect': 'other',
        'timers.day2.redirectUrl': ' ',
        'timers.day3.redirect': 'course',
      },
      { ...context, links: { ...context.links, courseUrl: '' } },
    );
    expect(read).toEqual({
      ok: false,
      errors: {
        'timers.day1.eventEndDate': ['Pick a date and time.'],
        'timers.day2.redirectUrl': ['Enter the address to send visitors to.'],
        'timers.day3.redirect': ['That address is empty under Links: enter it there, or choose another target.'],
        'timers.dashboard.durationDays': ['Give the window a length: days, hours or minutes.'],
      },
    });
  });
});
