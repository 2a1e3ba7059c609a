/**
 * Puts the server and the browser at the same instant: the server reads x-test-now (the e2e
 * server runs with UNSAFE_TEST_CLOCK), the browser's timers and Date follow page.clock.
 */
import { expect, type Page } from '@playwright/test';

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

export async function setServerTime(page: Page, instant: Date): Promise<void> {
  await page.context().setExtraHTTPHeaders({ 'x-test-now': instant.toISOString() });
}

/**
 * Opens a page with both clocks at the instant, the browser's paused there before the page
 * runs, so what the page shows is exact. (page.clock can only pause at a time ahead of it, so
 * it is installed earlier: a minute, since the installed clock runs on meanwhile and a loaded
 * machine took more than a second between the two calls; no page is open yet to have timers.)
 */
export async function openAt(page: Page, path: string, instant: Date) {
  await pauseBrowserClockAt(page, instant);
  await setServerTime(page, instant);
  return page.goto(path);
}

/**
 * The browser's clock paused at the instant, before the next page runs (see openAt). On a new
 * page only: the minute it skips would fire an open page's timers.
 */
export async function pauseBrowserClockAt(page: Page, instant: Date): Promise<void> {
  await page.clock.install({ time: new Date(instant.getTime() - 60_000) });
  await page.clock.pauseAt(instant);
}

/** Moves a server process's own clock (pages and the mail scheduler; UNSAFE_TEST_CLOCK) to the instant. */
export async function moveProcessClock(serverUrl: string, instant: Date): Promise<void> {
  const response = await fetch(`${serverUrl}/api/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: instant.toISOString() }),
  });
  expect(response.status).toBe(200);
}
