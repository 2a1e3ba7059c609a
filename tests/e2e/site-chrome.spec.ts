import { expect, test } from '@playwright/test';
import { openAt } from './support/clock.ts';

const T0 = new Date('2026-02-01T09:00:00Z');

// Every page family but the widgets ends with the one site footer (issue 19 item 1).
const FAMILIES = ['/', '/register', '/thank-you', '/july/day-1', '/september/dashboard', '/setup-guide', '/brand-config', '/embed', '/no-such-page'];

test.describe('site footer', () => {
  for (const path of FAMILIES) {
    test(`${path} has exactly one site footer, the page's contentinfo landmark`, async ({ page }) => {
      await openAt(page, path, T0);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toHaveCount(1);
      await expect(footer).toHaveAttribute('data-site-footer', '');
      await expect(footer).toContainText('© The Sacred Business Audio Summit');
    });
  }

  test('widgets have no site footer', async ({ page }) => {
    await openAt(page, '/july/speakers-embed', T0);
    await expect(page.locator('[data-site-footer]')).toHaveCount(0);
  });
});

test.describe('brand font', () => {
  test('headings use the self-hosted brand font, preloaded from our own origin, no third-party host', async ({ page, baseURL }) => {
    const fontHosts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontHosts.add(new URL(request.url()).origin);
    });
    await openAt(page, '/', T0);
    const preload = page.locator('link[rel="preload"][as="font"]');
    await expect(preload).toHaveCount(1);
    const href = (await preload.getAttribute('href')) as string;
    expect(href).toMatch(/^\/.*\.woff2$/);
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('font/woff2');
    expect(await page.evaluate(() => document.fonts.ready.then(() => document.fonts.check('700 32px "Fraunces Variable"')))).toBe(true);
    const family = await page.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).fontFamily);
    expect(family).toMatch(/^"Fraunces Variable"/);
    expect([...fontHosts]).toEqual([new URL(baseURL as string).origin]);
  });
});
