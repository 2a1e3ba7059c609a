import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';

/**
 * Before the entry configures them (docs/decisions/0023), the process's pieces fail closed or
 * refuse loudly. Each test loads fresh copies of the modules, as a process that was not booted.
 */
describe('the process before its entry configures it', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  const at = (instant: string) => new Request('http://127.0.0.1/', { headers: { 'x-test-now': instant } });

  it('ignores the test clock until UNSAFE_TEST_CLOCK is configured on, and again once it is off', async () => {
    const { configureTestClock, requestNow, setTestClock } = await import('../../src/server/clock.ts');
    expect(requestNow(at('2001-01-01T00:00:00Z')).getFullYear()).not.toBe(2001);
    await expect(setTestClock({} as never, new Date('2001-01-01T00:00:00Z'))).rejects.toThrow(/UNSAFE_TEST_CLOCK/);
    configureTestClock(true);
    expect(requestNow(at('2001-01-01T00:00:00Z')).toISOString()).toBe('2001-01-01T00:00:00.000Z');
    configureTestClock(false);
    expect(requestNow(at('2001-01-01T00:00:00Z')).getFullYear()).not.toBe(2001);
  });

  it('trusts no proxy and no forwarded host until the proxy setting is configured', async () => {
    const { clientAddress, configureRequestOrigin, isHttps, siteOrigin } = await import('../../src/server/http/request-origin.ts');
    const url = new URL('http://127.0.0.1:4321/register');
    const forwarded = new Request(url, {
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'summit.example' },
    });
    expect(clientAddress(forwarded, '10.0.0.1')).toBe('10.0.0.1');
    expect(isHttps(forwarded, url)).toBe(false);
    expect(siteOrigin({ request: forwarded, url })).toBe('http://127.0.0.1:4321');
    configureRequestOrigin({ trustProxy: true, hops: 1, siteUrl: undefined });
    expect(clientAddress(forwarded, '10.0.0.1')).toBe('203.0.113.9');
    expect(siteOrigin({ request: forwarded, url })).toBe('https://summit.example');
    configureRequestOrigin({ trustProxy: true, hops: 1, siteUrl: 'https://summit.test' });
    expect(siteOrigin({ request: forwarded, url })).toBe('https://summit.test');
  });

  it('makes every link from one origin without SITE_URL: the address it listens on, whichever address a page was asked at', async () => {
    const { configureRequestOrigin, linkOrigin, siteOrigin } = await import('../../src/server/http/request-origin.ts');
    const configured = (source: Record<string, string>) => {
      const config = parseEnv(source);
      configureRequestOrigin({ trustProxy: false, hops: 1, siteUrl: config.SITE_URL, linkOrigin: config.siteUrl });
      return config.siteUrl;
    };
    // The quick start: every interface; e-mails, the feed and the pages all say localhost.
    expect(configured({ PORT: '4321' })).toBe('http://localhost:4321');
    expect(linkOrigin()).toBe('http://localhost:4321');
    // A page asked at 127.0.0.1 still accepts its own forms from there, but gives out the one origin.
    const url = new URL('http://127.0.0.1:4321/admin/editions/july/share-links');
    expect(siteOrigin({ request: new Request(url), url })).toBe('http://127.0.0.1:4321');
    expect(configured({ HOST: '127.0.0.1', PORT: '5000' })).toBe('http://127.0.0.1:5000');
    expect(linkOrigin()).toBe('http://127.0.0.1:5000');
    expect(configured({ HOST: '::1', PORT: '5000' })).toBe('http://[::1]:5000');
    expect(configured({ HOST: '::1', PORT: '5000', SITE_URL: 'https://summit.example.com/' })).toBe('https://summit.example.com');
    expect(linkOrigin()).toBe('https://summit.example.com');
  });

  it('refuses to open the database, the uploads folder or the key secret it was not given', async () => {
    const { getDatabase } = await import('../../src/server/db/index.ts');
    const { getStorage } = await import('../../src/server/uploads/upload-storage.ts');
    const { audioRoot } = await import('../../src/server/episodes/audio-store.ts');
    const { accessSecret } = await import('../../src/server/access/keys.ts');
    await expect(getDatabase()).rejects.toThrow(/not configured/);
    expect(() => getStorage()).toThrow(/not configured/);
    expect(() => audioRoot()).toThrow(/not configured/);
    await expect(accessSecret({} as never)).rejects.toThrow(/not configured/);
  });

  it('hands each piece its part of the configuration', async () => {
    const { configureProcess } = await import('../../src/server/process-config.ts');
    const config = parseEnv({ DATA_DIR: '/srv/summit', ACCESS_KEY_SECRET: 'a'.repeat(40), LOG_LEVEL: 'error', UNSAFE_TEST_CLOCK: 'true' });
    configureProcess(config);
    const { audioRoot } = await import('../../src/server/episodes/audio-store.ts');
    const { accessSecret } = await import('../../src/server/access/keys.ts');
    const { log } = await import('../../src/server/log.ts');
    const { requestNow } = await import('../../src/server/clock.ts');
    expect(audioRoot()).toBe('/srv/summit/uploads');
    await expect(accessSecret({} as never)).resolves.toBe('a'.repeat(40));
    expect(log.level).toBe('error');
    expect(requestNow(at('2001-01-01T00:00:00Z')).getFullYear()).toBe(2001);
  });
});
