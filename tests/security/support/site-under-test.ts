/**
 * The site a security suite attacks: the production server on a fresh data folder, either
 * reached directly or, in the `behind-tls` Playwright project (playwright.config.ts), through
 * nginx terminating TLS on loopback, set up as README's production section says (TRUST_PROXY,
 * SITE_URL = the proxy's https origin). In the `postgres` project the same server keeps its data
 * in a scratch database on TEST_DATABASE_URL instead of the embedded one. The suites are written
 * once and run every way.
 */
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import type { DbOptions } from '../../../src/server/db/client.ts';
import { E2E_ADMIN } from '../../e2e/support/admin.ts';
import { freePort, startTlsProxy } from '../../e2e/support/nginx.ts';
import { createScratchDatabase } from '../../e2e/support/postgres.ts';
import { startServerWithAdmin } from '../../e2e/support/server-process.ts';

export interface SiteUnderTest {
  /** Where the suite sends its requests: the app's http origin, or the proxy's https origin. */
  url: string;
  /** The app's data folder (uploads, and the embedded database unless `database` says Postgres). */
  dataDir: string;
  /** How to open the app's database from the test (after `stop()` for the embedded one). */
  database: DbOptions;
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

/** Whether this run is the `postgres` project's: the app's data in a scratch Postgres database. */
export function runsOnPostgres(testInfo: TestInfo): boolean {
  return testInfo.project.metadata?.database === 'postgres';
}

/** Starts the app with one admin (E2E_ADMIN) and `env`; behind nginx in the `behind-tls` project. */
export async function startSiteUnderTest(testInfo: TestInfo, env: Record<string, string> = {}): Promise<SiteUnderTest> {
  if (runsOnPostgres(testInfo)) return startOnPostgres(env);
  if (!runsBehindTls(testInfo)) {
    const app = await startServerWithAdmin(E2E_ADMIN, env);
    return {
      url: app.url,
      dataDir: app.dataDir,
      database: embeddedDatabaseOf(app.dataDir),
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
    database: embeddedDatabaseOf(app.dataDir),
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

const embeddedDatabaseOf = (dataDir: string): DbOptions => ({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });

/** The app on a scratch database of the TEST_DATABASE_URL server, dropped by `remove()`. */
async function startOnPostgres(env: Record<string, string>): Promise<SiteUnderTest> {
  const scratch = await createScratchDatabase();
  const app = await startServerWithAdmin(E2E_ADMIN, { ...env, DATABASE_URL: scratch.url });
  return {
    url: app.url,
    dataDir: app.dataDir,
    database: { driver: 'postgres', url: scratch.url },
    behindTls: false,
    contextOptions: { ignoreHTTPSErrors: false },
    stop: async () => void (await app.stop()),
    remove() {
      app.remove();
      void scratch.drop();
    },
  };
}
