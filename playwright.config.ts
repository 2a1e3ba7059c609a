import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './tests/e2e/support/admin.ts';
import { CHROMIUM_FLAGS } from './tests/e2e/support/chromium-flags.ts';
import { E2E_DATA_DIR, E2E_WEBHOOK_SECRET } from './tests/e2e/support/paths.ts';

/**
 * Browser tests run in Debian's Chromium (never a downloaded browser) against the production
 * build, started on its own port with a fresh data folder, exactly as `npm start` runs it.
 */
const PORT = Number(process.env.E2E_PORT ?? 4399);
const DATA_DIR = E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests',
  // One set of reference images for every project (no project name in the file names).
  snapshotPathTemplate: '{snapshotDir}/{testFileDir}/{testFileName}-snapshots/{arg}{-snapshotSuffix}{ext}',
  projects: [
    // Browser and HTTP suites: end-to-end flows, and the hostile-input and security suites.
    { name: 'direct', testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'] },
    // The hostile-input and XSS suites once more, through nginx terminating TLS on loopback in
    // front of their own server (tests/security/support/site-under-test.ts reads `behindTls`).
    {
      name: 'behind-tls',
      testMatch: ['security/hostile-input.spec.ts', 'security/xss.spec.ts'],
      metadata: { behindTls: true },
      use: { ignoreHTTPSErrors: true },
    },
    // The hostile-input suite once more with the app's data on Postgres (TEST_DATABASE_URL), so
    // every class of hostile input is tried on both databases; left out when no server is given.
    ...(process.env.TEST_DATABASE_URL
      ? [{ name: 'postgres', testMatch: ['security/hostile-input.spec.ts'], metadata: { database: 'postgres' } }]
      : []),
  ],
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    // A fresh data folder with one admin account (created by the real admin:create command).
    command: `rm -rf ${DATA_DIR} && node src/server/cli/admin-create.ts --email ${E2E_ADMIN.email} && NODE_ENV=production node src/server/cli/build.ts && NODE_ENV=production node src/server/main.ts`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    // TRUST_PROXY: each test acts as its own client address (X-Forwarded-For) for rate limits.
    // UNSAFE_TEST_CLOCK: tests set the server's "now" per request (x-test-now), never in production.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      TRUST_PROXY: 'true',
      UNSAFE_TEST_CLOCK: 'true',
      PAYMENT_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      ASTRO_TELEMETRY_DISABLED: '1',
      // Scheduled backups (docs/decisions/0061) would compete with the tests for the cores.
      BACKUP_EVERY: 'off',
    },
    reuseExistingServer: false,
    // Building and creating a new data folder can take minutes on a shared, loaded machine.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
