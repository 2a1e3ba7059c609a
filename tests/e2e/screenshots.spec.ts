/**
 * Layout regressions fail CI: every page family but the widgets, at a phone
 * (390 px) and a desktop (1280 px) width, against reference images committed next to this file
 * (screenshots.spec.ts-snapshots/, made in Debian's Chromium). The clocks are frozen at one
 * instant, countdown digits and third-party iframes are masked, animations stopped, and the
 * brand font has loaded before the picture is taken. A change of markup that is meant is
 * re-recorded with `npx playwright test tests/e2e/screenshots.spec.ts --update-snapshots`.
 */
import { expect, test } from '@playwright/test';
import { openAt } from './support/clock.ts';

const T0 = new Date('2026-02-01T09:00:00Z');

const FAMILIES = [
  ['landing', '/'],
  ['register', '/register'],
  ['day-page', '/july/day-1'],
  ['dashboard', '/september/dashboard'],
  ['setup-guide', '/setup-guide'],
  ['brand-config', '/brand-config'],
  ['embed-gallery', '/embed'],
  ['not-found', '/no-such-page'],
] as const;

/**
 * The embed gallery lists every edition's widgets, and other tests add editions to the shared
 * database: its first screens (the snippets and the first previews) are compared, not its length.
 */
const FIRST_SCREENS_ONLY = new Set<string>(['embed-gallery']);

for (const width of [390, 1280]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 } });
    for (const [name, path] of FAMILIES) {
      test(name, async ({ page }) => {
        test.setTimeout(90_000);
        await openAt(page, path, T0);
        await page.evaluate(() => document.fonts.ready);
        // Lazy images load once scrolled near; bring them all in before the full-page picture.
        await page.evaluate(() =>
          document.querySelectorAll('img[loading="lazy"]').forEach((image) => image.setAttribute('loading', 'eager')),
        );
        await page.waitForFunction(() => [...document.images].every((image) => image.complete));
        // Widget previews are made as they near the viewport: those on the first screen have theirs.
        await page.waitForFunction(() =>
          [...document.querySelectorAll('[data-summit-widget]')]
            .filter((placeholder) => placeholder.getBoundingClientRect().top < window.innerHeight)
            .every((placeholder) => placeholder.querySelector('iframe')),
        );
        // Widget previews grow with whatever other tests added to the shared database (their
        // content is masked anyway): pin their height so the page around them is what is compared.
        await page.evaluate(() =>
          document.querySelectorAll('iframe').forEach((frame) => frame.style.setProperty('height', '600px', 'important')),
        );
        await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
          fullPage: !FIRST_SCREENS_ONLY.has(name),
          animations: 'disabled',
          caret: 'hide',
          mask: [page.locator('[data-countdown] [data-unit]'), page.locator('iframe')],
          maxDiffPixelRatio: 0.01,
          timeout: 30_000,
        });
      });
    }
  });
}
