/**
 * The site a security suite attacks: the production server on a fresh data folder, either
 * reached directly or, in the `behind-tls` Playwright project (playwright.config.ts), through
 * nginx terminating TLS on loopback, set up as README's production section says (TRUST_PROXY,
 * SITE_URL = the proxy's https origin). The suites are written once and run both ways.
 */
import type { TestInfo } from '@playwright/test';
import { E2E_ADMIN } from '../../e2e/support/admin.ts';
import { freePort, startTlsProxy } from '../../e2e/support/nginx.ts';
import { startServerWithAdmin } from '../../e2e/support/server-process.ts';

export interface SiteUnderTest {
  /** Where the suite sends its requests: the app's http origin, or the proxy's https origin. */
  url: string;
  /** The app's data folder (to read its database once it is stopped). */
  dataDir: string;
  behindTls: boolean;
  /** For request contexts a suite makes itself (the proxy's certificate is self-signed). */
  contextOptions: { ignoreHTTPSErrors: boolean };
  stop(): Promise<void>;
  remove(): void;
}

/** Whether this run is the `behind-tls` project's. */
export function runsBehindTls(testInfo: TestInfo): boolean {
  return testInfo.project.metadata?.behindTls === true;
}

/** Starts the app with one admin (E2E_ADMIN) and `env`; behind nginx in the `behind-tls` project. */
export async function startSiteUnderTest(testInfo: TestInfo, env: Record<string, string> = {}): Promise<SiteUnderTest> {
  if (!runsBehindTls(testInfo)) {
    const app = await startServerWithAdmin(E2E_ADMIN, env);
    return {
      url: app.url,
      dataDir: app.dataDir,
      behindTls: false,
      contextOptions: { ignoreHTTPSErrors: false },
      stop: async () => void (await app.stop()),
      remove: app.remove,
    };
  }
  const proxyPort = await freePort();
  const origin = `https://localhost:${proxyPort}`;
  // Hops 2: the suites write their own X-Forwarded-For (one client address per request, for the
  // rate limits), as a CDN in front of nginx would; nginx appends 127.0.0.1 after it.
  const app = await startServerWithAdmin(E2E_ADMIN, { ...env, TRUST_PROXY: 'true', TRUSTED_PROXY_HOPS: '2', SITE_URL: origin });
  const proxy = await startTlsProxy(proxyPort, Number(new URL(app.url).port));
  return {
    url: origin,
    dataDir: app.dataDir,
    behindTls: true,
    contextOptions: { ignoreHTTPSErrors: true },
    async stop() {
      // A 502 says only that the app's answer did not reach nginx: its log says why (its
      // warnings, such as a large body buffered to a file, are left out).
      const errors = proxy
        .errorLog()
        .split('\n')
        .filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
      if (errors.length) console.warn(`nginx error log:\n${errors.slice(-20).join('\n')}`);
      await proxy.stop();
      await app.stop();
    },
    remove: app.remove,
  };
}
