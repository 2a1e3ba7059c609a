import { describe, expect, it } from 'vitest';
import { parseReferrerCookie, referrerCookieName } from '../../../src/domain/attribution/referrer-cookie.ts';
import { codeFromName, shareCodeSchema, uniqueShareCode } from '../../../src/domain/attribution/share-code.ts';
import { cleanUtmValue, readUtm, UTM_MAX_LENGTH, utmFromReferer, utmQuery } from '../../../src/domain/attribution/utm.ts';
import { redactKeys } from '../../../src/domain/access/redact.ts';

describe('share codes', () => {
  it('are made from the name: accents dropped, one dash between words', () => {
    expect(codeFromName('Zoë  O’Brien')).toBe('zoe-obrien');
    expect(codeFromName('  Dr. Maya Ángel-Ruiz ')).toBe('dr-maya-angel-ruiz');
    expect(codeFromName('李')).toBe('speaker');
    expect(codeFromName('x'.repeat(60))).toHaveLength(40);
  });

  it('take the edition, then a number, when the code is taken anywhere', () => {
    const taken = new Set(['jane-doe', 'jane-doe-august', 'jane-doe-2']);
    expect(uniqueShareCode({ name: 'Jane Doe', editionSlug: 'july', taken: new Set() })).toBe('jane-doe');
    expect(uniqueShareCode({ name: 'Jane Doe', editionSlug: 'july', taken })).toBe('jane-doe-july');
    expect(uniqueShareCode({ name: 'Jane Doe', editionSlug: 'august', taken })).toBe('jane-doe-3');
    const long = uniqueShareCode({ name: 'y'.repeat(40), editionSlug: 'july', taken: new Set(['y'.repeat(40), `${'y'.repeat(35)}-july`]) });
    expect(long).toBe(`${'y'.repeat(38)}-2`);
  });

  it('edited by hand: lowercase letters, digits and single dashes, 2 to 40', () => {
    expect(shareCodeSchema.parse('  Jane-DOE ')).toBe('jane-doe');
    for (const bad of ['j', 'jane--doe', '-jane', 'jane doe', 'jané', 'a'.repeat(41), '../admin']) {
      expect(shareCodeSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('campaign fields', () => {
  it('are kept short and printable, and dropped when empty', () => {
    expect(cleanUtmValue('  newsletter ')).toBe('newsletter');
    expect(cleanUtmValue('news\u0000letter\u202e')).toBe('newsletter');
    expect(cleanUtmValue('x'.repeat(500))).toHaveLength(UTM_MAX_LENGTH);
    expect(cleanUtmValue('\u0007 ')).toBeNull();
    expect(cleanUtmValue(undefined)).toBeNull();
    expect(readUtm(new URLSearchParams('utm_source=ig&utm_campaign=july&utm_term=x'))).toEqual({
      utm_source: 'ig',
      utm_medium: null,
      utm_campaign: 'july',
    });
  });

  it('are read from a Referer of this site only', () => {
    const origin = 'https://summit.example';
    expect(utmFromReferer('https://summit.example/?utm_source=podcast', origin).utm_source).toBe('podcast');
    expect(utmFromReferer('https://evil.example/?utm_source=podcast', origin).utm_source).toBeNull();
    expect(utmFromReferer('not a url', origin).utm_source).toBeNull();
    expect(utmFromReferer(null, origin).utm_source).toBeNull();
  });

  it('travel on in a query string', () => {
    expect(utmQuery({ utm_source: 'a b', utm_medium: null, utm_campaign: 'c&d' })).toBe('?utm_source=a+b&utm_campaign=c%26d');
    expect(utmQuery({ utm_source: null, utm_medium: null, utm_campaign: null })).toBe('');
  });
});

describe('the referrer cookie', () => {
  it('is one per edition and names a share link id', () => {
    expect(referrerCookieName(3)).toBe('summit_ref_3');
    expect(parseReferrerCookie('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1e3', '99999999999', 'abc']) expect(parseReferrerCookie(bad), String(bad)).toBeNull();
  });
});

describe('speaker page keys in logs', () => {
  it('are redacted like personal keys', () => {
    expect(redactKeys('/s/12-abcdefABCDEF0123456789_-abcdefgh')).toBe('/s/[key]');
    expect(redactKeys('/%73/12-abcdefABCDEF0123456789_-abcdefgh')).not.toContain('abcdefABCDEF');
  });
});
