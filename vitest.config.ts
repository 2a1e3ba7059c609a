import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit and integration tests. The browser tests in tests/e2e belong to Playwright.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // In CI every test name is printed, so the log shows each suite ran on [pglite] and [postgres].
    reporters: process.env.CI ? ['verbose'] : ['default'],
    // Creating a PGlite database takes seconds on these machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Seeding stores the demo episodes' audio under DATA_DIR: keep it out of the project's ./data.
    env: { LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'summit-vitest-data') },
  },
});
