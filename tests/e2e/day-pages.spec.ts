import { expect, test, type Page } from '@playwright/test';
import { DAY, HOUR, openAt, pauseBrowserClockAt, setServerTime } from './support/clock.ts';
import { ACCESS_OVER, EVENT_ENDED, expectWindowOver } from './support/window-over.ts';

const T0 = new Date('2026-02-01T09:00:00Z');
const COURSE = (month: string) => `https://sacred-business.example.com/courses/${month}-all-access`;

async function countdown(page: Page): Promise<string> {
  const units = page.locator('[data-countdown] [data-unit]');
  return (await units.allTextContents()).join(':');
}

/** External pages cannot load here (no network): answer them locally so navigation completes. */
async function stubExternal(page: Page): Promise<void> {
  await page.route('https://sacred-business.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Course page</h1>' }),
  );
}

test.describe('day page content', () => {
  test('every link to another site, speaker-bio markdown included, opens in a new tab without an opener', async ({ page }) => {
    await openAt(page, '/july/day-1', T0);
    const external = page.locator('main a[href^="http"]');
    expect(await external.count()).toBeGreaterThan(5);
    // Links from markdown fields (the host's bio here) are the ones marked nofollow.
    expect(await page.locator('main a[href^="http"][rel*="nofollow"]').count()).toBeGreaterThan(0);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('july day 1 shows the top bar, countdown, badge, episode, host, speakers and the bottom block', async ({ page }) => {
    const response = await openAt(page, '/july/day-1', T0);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    const top = page.locator('[data-top-bar]');
    await expect(top).toContainText('Summit day page');
    await expect(top.locator('[data-day-label]')).toHaveText('Day 1');
    await expect(top.locator('[data-next]')).toHaveText('Next: Day 2');
    expect(await countdown(page)).toBe('01:00:00:00');
    await expect(page.locator('[data-day-badge]')).toHaveText('Day 1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Day 1: Rooted in Purpose');
    // The day plays its episode: the demo's audio, natively from /listen, with the length it states
    // for the session its few seconds stand in for (the product's demo: 2:15:30).
    const player = page.getByRole('region', { name: "Today's session" }).locator('[data-episode-player]');
    await expect(player).toHaveCount(1);
    await expect(player).toContainText('Day 1');
    await expect(player).toContainText('Sacred Foundations: Business as a Spiritual Practice');
    await expect(player.locator('[data-duration]')).toHaveText('2:15:30');
    await expect(player.locator('audio[data-native-player] source')).toHaveAttribute('src', /^\/listen\/\d+\.mp3$/);
    await expect(player.locator('[data-player-toggle]')).toHaveCount(0);
    await expect(page.locator('[data-host-card]')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: "Today's Speakers" })).toBeVisible();
    await expect(page.locator('[data-speaker-card]')).toHaveCount(7);
    await expect(page.getByRole('heading', { name: 'Ready to Continue Your Journey?' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Affiliate disclosure' })).toBeVisible();
  });

  test('september day 2 has no audio at all: the visual-only player, with the length the day states, which toggles', async ({ page }) => {
    await openAt(page, '/september/day-2', new Date('2025-09-24T02:00:00Z'));
    const player = page.locator('[data-episode-player]').first();
    await expect(player).toContainText('Day 2: Magnetic Visibility');
    await expect(player.locator('[data-duration]')).toHaveText('2:45:20');
    const toggle = player.locator('[data-player-toggle]');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveAttribute('aria-label', 'Play');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('[data-speaker-card]')).toHaveCount(4);
  });

  test('the august host without hello audio gets the placeholder player and a disabled gift button', async ({ page }) => {
    await openAt(page, '/august/day-2', T0);
    const host = page.locator('[data-host-card]');
    await expect(host.getByRole('heading', { name: "Today's Sacred Container" })).toBeVisible();
    const gift = host.locator('[data-free-gift]');
    await expect(gift.getByRole('button', { name: 'Download Your Gift' })).toBeDisabled();
    await expect(page.locator('[data-host-card] [data-implementation-week], [data-host-card]')).not.toHaveCount(0);
  });

  test('an unknown summit or day is not found', async ({ page }) => {
    expect((await page.goto('/october/day-1'))?.status()).toBe(404);
    expect((await page.goto('/july/day-4'))?.status()).toBe(404);
    expect((await page.goto('/a/b/day-1'))?.status()).toBe(404);
  });
});

test.describe('evergreen windows', () => {
  for (const { path, next } of [
    { path: '/july/day-1', next: '/july/day-2' },
    { path: '/august/day-2', next: '/august/day-3' },
    { path: '/day-3', next: COURSE('july') },
  ]) {
    test(`${path} counts down 24 hours, shows the expired text and redirects after 2 s to ${next}`, async ({ page }) => {
      await stubExternal(page);
      await openAt(page, path, T0);
      expect(await countdown(page)).toBe('01:00:00:00');
      await page.clock.fastForward(DAY - 3000);
      await expect.poll(() => countdown(page)).toBe('00:00:00:03');
      await page.clock.runFor(3000);
      const expired = page.locator('[data-countdown] [data-expired]');
      await expect(expired).toHaveText('Your summit access is now over - Redirecting you now...');
      await expect(expired).toBeVisible();
      await page.clock.runFor(1900);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.clock.runFor(200);
      await expect(page).toHaveURL(next.startsWith('http') ? next : new RegExp(`${next}$`));
    });
  }

  test('the legacy route /day-1 redirects within the legacy set', async ({ page }) => {
    await openAt(page, '/day-1', T0);
    await expect(page.locator('[data-next]')).toHaveText('Next: Day 2');
    await setServerTime(page, new Date(T0.getTime() + DAY + 1000));
    await page.goto('/day-1');
    // On arrival after the window: the expired banner says why, then the page moves on after 2 s.
    await expect(page.locator('[data-expired]')).toHaveText('Your summit access is now over - Redirecting you now...');
    await expect(page.locator('[data-episode-player]')).toHaveCount(0);
    await page.clock.runFor(1900);
    expect(new URL(page.url()).pathname).toBe('/day-1');
    await page.clock.runFor(200);
    await expect(page).toHaveURL(/\/day-2$/);
  });
});

test.describe('the server enforces the window', () => {
  test.use({ javaScriptEnabled: false });

  test('a revisit after expiry shows why and moves on, even without JavaScript', async ({ page }) => {
    await setServerTime(page, T0);
    expect((await page.goto('/july/day-1'))?.status()).toBe(200);
    const later = new Date(T0.getTime() + DAY + 1000);
    const response = await page.request.get('/july/day-1', { maxRedirects: 0, headers: { 'x-test-now': later.toISOString() } });
    expectWindowOver(
      { status: response.status(), text: await response.text() },
      { location: '/july/day-2', message: ACCESS_OVER, seconds: 2 },
    );
    await setServerTime(page, later);
    await page.goto('/july/day-1');
    await expect(page).toHaveURL(/\/july\/day-2$/);
  });

  test('clearing site storage but keeping the cookie does not reset the window', async ({ page }) => {
    await setServerTime(page, T0);
    await page.goto('/august/day-1');
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'summit_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    await page.context().clearCookies();
    await page.context().addCookies(cookies);
    await setServerTime(page, new Date(T0.getTime() + 5 * HOUR));
    await page.goto('/august/day-1');
    // 19 hours left, not a fresh 24.
    await expect(page.locator('[data-countdown] [data-unit=hours]')).toHaveText('19');
    await expect(page.locator('[data-countdown] [data-unit=days]')).toHaveText('00');
  });
});

test.describe('september is live in Sydney time', () => {
  // Day d runs from 2025-09-(22+d) 00:00 to the next midnight, Sydney (AEST, UTC+10).
  const windows = [1, 2, 3].map((day) => ({
    day,
    start: Date.parse(`2025-09-${21 + day}T14:00:00Z`),
    end: Date.parse(`2025-09-${22 + day}T14:00:00Z`),
    next: day < 3 ? `/september/day-${day + 1}` : COURSE('september'),
  }));

  for (const { day, start, end, next } of windows) {
    test(`day ${day}: counts to the start before, to the end during, redirects after`, async ({ page }) => {
      await stubExternal(page);
      await openAt(page, `/september/day-${day}`, new Date(start - 2 * HOUR));
      await expect(page.locator('[data-countdown]')).toContainText('This event starts in');
      expect(await countdown(page)).toBe('00:02:00:00');
      // No player before the day opens (decision 0033): when it opens instead.
      const session = page.getByRole('region', { name: "Today's session" });
      await expect(session.locator('[data-episode-player]')).toHaveCount(0);
      await expect(page.locator('[data-day-closed="opens"]')).toContainText(`Day ${day} opens for you`);
      await expect(page.locator('[data-opens-at]')).toHaveAttribute('datetime', new Date(start).toISOString());

      await setServerTime(page, new Date(start + HOUR));
      await page.clock.setSystemTime(new Date(start + HOUR));
      await page.reload();
      await expect(page.locator('[data-countdown]')).toContainText('This event ends in');
      expect(await countdown(page)).toBe('00:23:00:00');
      await expect(session.locator('[data-episode-player]')).toHaveCount(1);

      const response = await page.request.get(`/september/day-${day}`, {
        maxRedirects: 0,
        headers: { 'x-test-now': new Date(end + 60_000).toISOString() },
      });
      expectWindowOver(
        { status: response.status(), text: await response.text() },
        { location: next, message: EVENT_ENDED(`Day ${day}`), seconds: 3 },
      );
    });
  }

  test('at the end of day 1 the banner says the event has ended and redirects after 3 s', async ({ page }) => {
    const { end } = windows[0]!;
    await openAt(page, '/september/day-1', new Date(end - 2000));
    await page.clock.runFor(2000);
    await expect(page.locator('[data-expired]')).toHaveText('The Day 1 event has ended - Redirecting you now...');
    await page.clock.runFor(2900);
    expect(new URL(page.url()).pathname).toBe('/september/day-1');
    // The server's clock moves on too: day 2 has started when the redirect arrives.
    await setServerTime(page, new Date(end + 3100));
    await page.clock.runFor(200);
    await expect(page).toHaveURL(/\/september\/day-2$/);
    await expect(page.locator('[data-countdown]')).toContainText('This event ends in');
  });

  test('a visitor whose clock runs 10 minutes fast still sees the server’s countdown', async ({ page }) => {
    const { start } = windows[1]!;
    const serverNow = new Date(start - 2 * HOUR);
    await pauseBrowserClockAt(page, new Date(serverNow.getTime() + 10 * 60_000));
    await setServerTime(page, serverNow);
    await page.goto('/september/day-2');
    await page.clock.runFor(1000);
    expect(await countdown(page)).toBe('00:01:59:59');
  });

  test('when day 2 starts, the page reloads and counts to its end', async ({ page }) => {
    const { start } = windows[1]!;
    await openAt(page, '/september/day-2', new Date(start - 2000));
    await expect(page.locator('[data-countdown]')).toContainText('This event starts in');
    await setServerTime(page, new Date(start + 1000));
    await page.clock.runFor(2500);
    await expect(page.locator('[data-countdown]')).toContainText('This event ends in');
  });
});
