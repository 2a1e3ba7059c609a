import { describe, expect, it } from 'vitest';
import { adminNextPath, sameSitePath } from '../../src/domain/url-policy.ts';

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

describe('adminNextPath (where signing in leads)', () => {
  it('keeps a path of the admin', () => {
    expect(adminNextPath('/admin/registrants?edition=july')).toBe('/admin/registrants?edition=july');
    expect(adminNextPath('/admin')).toBe('/admin');
  });
  it.each([
    '//evil.example/admin',
    '/adminx',
    '/admin/../register',
    'https://evil.example/admin',
    '/\\evil.example/admin',
    null,
    undefined,
    '',
  ])('sends %j to the admin home', (raw) => {
    expect(adminNextPath(raw)).toBe('/admin');
  });
  it('answers only header-safe characters for CR/LF and non-Latin-1 input (a 500 before)', () => {
    expect(adminNextPath('/admin/€')).toBe('/admin/%E2%82%AC');
    expect(adminNextPath('/admin/x\r\nSet-Cookie: a=b')).toBe('/admin/xSet-Cookie:%20a=b');
    expect(adminNextPath('/admin/\\evil.example')).toBe('/admin//evil.example');
  });
});

describe('sameSitePath: paths that become "//host" once dot segments are resolved', () => {
  it.each(['/.//evil.example', '/x/..//evil.example', '/./\\evil.example', '/.///evil.example/x?y#z'])('keeps %j on this site', (raw) => {
    const path = sameSitePath(raw, 'https://summit.example.com');
    expect(path.startsWith('//')).toBe(false);
    expect(new URL(path, 'https://summit.example.com').origin).toBe('https://summit.example.com');
  });
});
