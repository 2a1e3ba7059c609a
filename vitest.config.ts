import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { pageRoutes } from './tools/page-routes.mjs';

const TESTS = 'tests/**/*.test.{ts,tsx}';
const SERVER_TESTS = 'tests/server/**/*.test.{ts,tsx}';

// Unit and integration tests. The browser tests in tests/e2e belong to Playwright.
export default defineConfig({
  // The site's routes as the server's build sees them (the edition slug check reads them).
  plugins: [pageRoutes()],
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // In CI every test name is printed, so the log shows each suite ran on [pglite] and [postgres].
    reporters: process.env.CI ? ['verbose'] : ['default'],
    // Creating a PGlite database takes seconds on these machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Seeding stores the demo episodes' audio under DATA_DIR: keep it out of the project's ./data.
    env: { LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'summit-vitest-data') },
    projects: [
      // Server code runs as in the server: the setup file is the tests' entry and configures the
      // process's pieces as src/server/boot.ts does (docs/decisions/0023).
      { extends: true, test: { name: 'server', include: [SERVER_TESTS], setupFiles: ['tests/support/configure-process.ts'] } },
      // The domain, views, markup and the architecture checks need no configuration (nor the
      // second it takes each file to load the database schema for it).
      { extends: true, test: { name: 'pure', include: [TESTS], exclude: ['tests/e2e/**', 'node_modules/**', SERVER_TESTS] } },
    ],
  },
});
