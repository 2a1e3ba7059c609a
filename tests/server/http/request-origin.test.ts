import { describe, expect, it } from 'vitest';
import { clientAddress, forwardedClient, isHttps, siteOrigin } from '../../../src/server/http/request-origin.ts';

const request = (headers: Record<string, string>) => new Request('http://127.0.0.1:4321/register', { headers });
const socketUrl = new URL('http://127.0.0.1:4321/register');

describe('the client address behind a trusted proxy', () => {
  it('is the entry the nearest proxy appended, not the one the client wrote', () => {
    expect(forwardedClient('6.6.6.6, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(forwardedClient('203.0.113.9', 1)).toBe('203.0.113.9');
    expect(forwardedClient('6.6.6.6, 203.0.113.9, 10.0.0.2', 2)).toBe('203.0.113.9');
    expect(forwardedClient('203.0.113.9', 3)).toBe('203.0.113.9');
    expect(forwardedClient('', 1)).toBeUndefined();
  });
  it('ignores the header without TRUST_PROXY', () => {
    const spoofed = request({ 'x-forwarded-for': '6.6.6.6' });
    expect(clientAddress(spoofed, '198.51.100.1', { trustProxy: false, hops: 1 })).toBe('198.51.100.1');
    expect(clientAddress(spoofed, '198.51.100.1', { trustProxy: true, hops: 1 })).toBe('6.6.6.6');
    expect(clientAddress(request({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7' }), '10.0.0.1', { trustProxy: true, hops: 1 })).toBe(
      '198.51.100.7',
    );
  });
});

describe('the site origin', () => {
  it('is SITE_URL when set, whatever the socket or the headers say', () => {
    const behindProxy = request({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
    expect(siteOrigin({ request: behindProxy, url: socketUrl, siteUrl: 'https://summit.example/', trustProxy: true })).toBe(
      'https://summit.example',
    );
    expect(siteOrigin({ request: behindProxy, url: socketUrl, siteUrl: 'https://summit.example', trustProxy: false })).toBe(
      'https://summit.example',
    );
  });
  it('without SITE_URL: the forwarded protocol and host only behind a trusted proxy', () => {
    const forwarded = request({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'summit.example' });
    expect(siteOrigin({ request: forwarded, url: socketUrl, siteUrl: undefined, trustProxy: true })).toBe('https://summit.example');
    expect(siteOrigin({ request: forwarded, url: socketUrl, siteUrl: undefined, trustProxy: false })).toBe('http://127.0.0.1:4321');
    expect(isHttps(forwarded, socketUrl, true)).toBe(true);
    expect(isHttps(forwarded, socketUrl, false)).toBe(false);
  });
});
