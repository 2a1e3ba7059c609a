/**
 * The keyboard only (decision 0039), in Chromium: a visitor registers, opens day 1, plays its
 * episode, opens the transcript and copies their feed link with page.keyboard alone (the mouse
 * is never used), and every element Tab reaches on the way shows where the focus is. Then the
 * countdown's control (hide the ticking digits, remembered in this browser), its time limit in
 * words and its quiet live region, and the "reduce motion" setting.
 */
import { expect, test, type Page } from '@playwright/test';
import { openAt } from './support/clock.ts';
import { uniqueClientAddress, uniqueEmail } from './support/mail.ts';

const REGISTERED_AT = new Date('2025-07-15T10:00:00.000Z');

interface Stop {
  matches: boolean;
  visible: boolean;
  what: string;
}

/**
 * Presses Tab until the focus is on `selector`, noting each element it stops on without a visible
 * focus indicator (an outline or a ring). Native media controls draw their own focus inside the
 * element (its shadow tree), so the <audio> itself is not asked for an outline.
 */
async function tabTo(page: Page, selector: string, unseen: string[]): Promise<void> {
  for (let presses = 0; presses < 120; presses++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((wanted): Stop | null => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const media = element.tagName === 'AUDIO' || element.tagName === 'IFRAME';
      const what = `${element.tagName.toLowerCase()} “${(element.textContent ?? '').trim().slice(0, 40)}”`;
      return { matches: element.matches(wanted), visible: media || outlined || style.boxShadow !== 'none', what };
    }, selector);
    if (stop && !stop.visible) unseen.push(stop.what);
    if (stop?.matches) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

test('register, open a day, play its episode, open the transcript and copy the feed link with the keyboard only', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await context.setExtraHTTPHeaders({ 'x-test-now': REGISTERED_AT.toISOString(), 'x-forwarded-for': uniqueClientAddress() });
  const page = await context.newPage();
  const unseen: string[] = [];
  await page.goto('/register?summit=july');

  await tabTo(page, 'input[name="firstName"]', unseen);
  await page.keyboard.type('Kai');
  await tabTo(page, 'input[name="email"]', unseen);
  await page.keyboard.type(uniqueEmail('keyboard'));
  await tabTo(page, 'button[type="submit"]', unseen);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/thank-you$/);

  await tabTo(page, '[data-personal-link="day-1"]', unseen);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/july\/day-1$/);

  await tabTo(page, 'audio[data-native-player]', unseen);
  await page.keyboard.press('Space');
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-native-player]');
    return audio !== null && !audio.paused && audio.currentTime > 0;
  });

  await tabTo(page, '[data-transcript] summary', unseen);
  await page.keyboard.press('Enter');
  const transcript = page.locator('[data-transcript]').first();
  await expect(transcript).toHaveJSProperty('open', true);
  await expect(transcript).toContainText('Today is about sacred foundations: business as a spiritual practice.');

  await tabTo(page, 'button[data-copy-from="feed-url"]', unseen);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  const feedUrl = (await page.locator('[data-feed-url]').textContent())?.trim();
  expect(feedUrl).toMatch(/\/feed\/\d+-[\w-]+\.xml$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);

  expect(unseen, 'elements that took the focus without showing it').toEqual([]);
  await context.close();
});

test('the countdown: its time limit in words, read out only near the end, and a control that hides it, remembered', async ({ page }) => {
  const now = new Date('2026-02-01T09:00:00Z');
  await openAt(page, '/july/day-1', now);
  const countdown = page.locator('[data-countdown]');
  // WCAG 2.2.1: when the page closes, in words, and what happens then.
  await expect(countdown.locator('[data-time-limit]')).toContainText('Your access to this page ends on');
  await expect(countdown.locator('[data-time-limit]')).toContainText('After that, this page closes and takes you on');
  await expect(countdown.locator('[data-time-limit] time')).toHaveAttribute('datetime', '2026-02-02T09:00:00.000Z');
  // The digits are hidden from screen readers; the live region stays quiet while nothing matters.
  await expect(countdown.locator('[data-unit="hours"]').locator('xpath=../..')).toHaveAttribute('aria-hidden', 'true');
  const announcer = countdown.locator('[data-countdown-announcer]');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await page.clock.runFor(5000);
  await expect(announcer).toHaveText('');
  // Five minutes before the end it speaks, once.
  await page.clock.fastForward(24 * 3600_000 - 5 * 60_000 - 5500);
  await page.clock.runFor(2000);
  await expect(announcer).toHaveText('5 minutes left.');

  // WCAG 2.2.2: hide it; a reload keeps it hidden; show it again.
  const toggle = countdown.getByRole('button', { name: 'Hide the countdown' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(countdown.locator('[data-ticking]')).toBeHidden();
  await page.reload();
  await expect(page.locator('[data-countdown] [data-ticking]')).toBeHidden();
  await page.locator('[data-countdown]').getByRole('button', { name: 'Show the countdown' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-countdown] [data-ticking]')).toBeVisible();
});

test.describe('with “reduce motion” set', () => {
  test.use({ reducedMotion: 'reduce' });
  test('nothing animates or scrolls smoothly', async ({ page }) => {
    await page.context().setExtraHTTPHeaders({ 'x-test-now': '2025-09-24T02:00:00Z' });
    await page.goto('/september/day-2');
    const motion = await page.evaluate(() => {
      const moving = document.querySelector('.transition, [class*="transition"]');
      return {
        scroll: getComputedStyle(document.documentElement).scrollBehavior,
        transition: moving ? getComputedStyle(moving).transitionDuration : null,
      };
    });
    expect(motion.scroll).toBe('auto');
    expect(motion.transition).not.toBeNull();
    expect(parseFloat(motion.transition!)).toBeLessThan(0.001);
  });
});
