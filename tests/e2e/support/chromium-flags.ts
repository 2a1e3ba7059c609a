/**
 * The flags Debian's Chromium is launched with, as root and with the network closed
 * (PLATFORM.md): by the browser tests (playwright.config.ts, to which Playwright adds
 * `--headless` and its own switches) and by the Lighthouse bench (bench/lighthouse.ts, which adds
 * `--headless` itself), so the bench measures the browser the tests drive.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
