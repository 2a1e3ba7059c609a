import { describe, expect, it } from 'vitest';
import { sameSitePath } from '../../src/domain/url-policy.ts';

const origin = 'https://summit.example';

describe('sameSitePath', () => {
  it('keeps a path of the site, with its query and fragment', () => {
    expect(sameSitePath('/august/day-1?x=1#top', origin)).toBe('/august/day-1?x=1#top');
    expect(sameSitePath('/', origin)).toBe('/');
  });
  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'day-1',
    '',
  ])('sends %j home instead of off the site', (raw) => {
    expect(sameSitePath(raw, origin)).toBe('/');
  });
  it('answers only header-safe characters for CR/LF and non-Latin-1 input', () => {
    const crlf = sameSitePath('/a\r\nSet-Cookie: x=1', origin);
    expect(crlf).toBe('/aSet-Cookie:%20x=1');
    expect(sameSitePath('/día-ü-€', origin)).toBe('/d%C3%ADa-%C3%BC-%E2%82%AC');
  });
  it('refuses what is not a string', () => {
    expect(sameSitePath(null, origin)).toBe('/');
    expect(sameSitePath(undefined, origin, '/home')).toBe('/home');
  });
});
