import { describe, expect, it } from 'vitest';
import { formatDayRange, formatDayRangeWithYear } from '../../src/domain/dates.ts';
import { PRICE_READINGS, presetPasses, upgradePlans, checkoutUrlsOf } from '../../src/domain/offers.ts';
import { readRegistrationForm, validateRegistration } from '../../src/domain/registration.ts';

describe('validateRegistration', () => {
  const valid = { firstName: ' Luna ', email: ' Luna@Example.COM ', consent: true };

  it('accepts a valid registration, trimming and lower-casing the e-mail', () => {
    expect(validateRegistration(valid)).toEqual({ ok: true, data: { firstName: 'Luna', email: 'luna@example.com', consent: true } });
  });
  it('gives one clear message per field', () => {
    const result = validateRegistration({ firstName: '   ', email: 'luna@', consent: false });
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: 'Please tell us your first name.',
        email: 'Please enter a valid e-mail address, like name@example.com.',
      },
    });
  });
  it('registers with name and e-mail alone: the marketing box is optional', () => {
    expect(validateRegistration({ ...valid, consent: false })).toEqual({
      ok: true,
      data: { firstName: 'Luna', email: 'luna@example.com', consent: false },
    });
  });
  it('asks for an e-mail when it is empty and refuses overlong values', () => {
    expect(validateRegistration({ ...valid, email: '' })).toMatchObject({
      ok: false,
      errors: { email: 'Please enter your e-mail address.' },
    });
    expect(validateRegistration({ ...valid, firstName: 'x'.repeat(101) })).toMatchObject({
      ok: false,
      errors: { firstName: expect.stringMatching(/under 100/) },
    });
    expect(validateRegistration({ ...valid, email: `${'x'.repeat(250)}@example.com` })).toMatchObject({
      ok: false,
      errors: { email: 'That e-mail address is too long.' },
    });
  });
  it('refuses an address with a NUL or another control character in it, rather than registering it without', () => {
    for (const email of ['a\u0000b@example.com', 'a\u0007b@example.com', 'ab@example.com\u0000', 'ab@exa\nmple.com']) {
      expect(validateRegistration({ ...valid, email }), JSON.stringify(email)).toEqual({
        ok: false,
        errors: { email: 'An e-mail address cannot contain control characters such as NUL.' },
      });
    }
    // A line break at either end is white space, trimmed as before.
    expect(validateRegistration({ ...valid, email: 'ab@example.com\n' })).toMatchObject({ ok: true, data: { email: 'ab@example.com' } });
  });
  it('reads a posted form, treating a missing checkbox as no consent', () => {
    const form = new URLSearchParams({ firstName: 'Ash', email: 'ash@example.com' });
    expect(readRegistrationForm(form)).toEqual({ firstName: 'Ash', email: 'ash@example.com', consent: false });
    form.set('consent', 'on');
    expect(readRegistrationForm(form).consent).toBe(true);
  });
});

describe('dates', () => {
  it('writes a range in one month, across months, and with the year', () => {
    expect(formatDayRange('2025-07-15', '2025-07-17')).toBe('July 15-17');
    expect(formatDayRange('2025-09-30', '2025-10-03')).toBe('September 30 - October 3');
    expect(formatDayRange('2025-07-30', '2025-07-30')).toBe('July 30');
    expect(formatDayRangeWithYear('2025-07-22', '2025-07-25')).toBe('July 22-25 2025');
  });
});

describe('upgrade offer', () => {
  const urls = { replayCheckoutUrl: 'https://pay.example.com/replay', aapCheckoutUrl: 'https://pay.example.com/aap' };
  it('has both price readings of the spec', () => {
    expect(PRICE_READINGS).toEqual({ a: { replay: 77, aap: 197 }, b: { replay: 97, aap: 297 } });
  });
  const pricing = { now: new Date('2025-07-01T00:00:00Z'), currency: 'usd', timeZone: 'UTC', lang: 'en', replayPaid: null };
  it('builds the two plans from a reading’s preset passes, All Access highlighted', () => {
    expect(
      upgradePlans({ ...presetPasses('a'), ...urls }, checkoutUrlsOf({ ...presetPasses('a'), ...urls }, null), pricing).map((p) => [
        p.id,
        p.price,
        p.checkoutUrl,
        p.highlighted,
      ]),
    ).toEqual([
      ['replay', 7700, urls.replayCheckoutUrl, false],
      ['aap', 19700, urls.aapCheckoutUrl, true],
    ]);
    expect(
      upgradePlans({ ...presetPasses('b'), ...urls }, checkoutUrlsOf({ ...presetPasses('b'), ...urls }, null), pricing).map(
        (p) => p.priceText,
      ),
    ).toEqual(['$97.00', '$297.00']);
  });
});
