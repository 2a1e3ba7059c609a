import { expect, test } from '@playwright/test';
import { openAt } from './support/clock.ts';

const T0 = new Date('2026-02-01T09:00:00Z');

// Every page family but the widgets ends with the one site footer (decision 0018).
const FAMILIES = [
  '/',
  '/register',
  '/thank-you',
  '/july/day-1',
  '/september/dashboard',
  '/setup-guide',
  '/brand-config',
  '/embed',
  '/no-such-page',
  '/privacy',
];

test.describe('site footer', () => {
  for (const path of FAMILIES) {
    test(`${path} has exactly one site footer, the page's contentinfo landmark`, async ({ page }) => {
      await openAt(page, path, T0);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toHaveCount(1);
      await expect(footer).toHaveAttribute('data-site-footer', '');
      await expect(footer).toContainText('© The Sacred Business Audio Summit');
      await expect(footer.getByRole('link', { name: 'Privacy at this site' })).toHaveAttribute('href', '/privacy');
    });
  }

  test('the registration form links the privacy page, which says what the site records', async ({ page }) => {
    await openAt(page, '/register', T0);
    await page.locator('form').getByRole('link', { name: 'privacy at this site' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy at this site');
    await expect(page.getByRole('rowheader', { name: 'summit_session' })).toBeVisible();
    await expect(page.locator('[data-privacy-section="retention"]')).toContainText('July');
  });

  test('widgets have no site footer', async ({ page }) => {
    await openAt(page, '/july/speakers-embed', T0);
    await expect(page.locator('[data-site-footer]')).toHaveCount(0);
  });
});

test.describe('site header', () => {
  for (const path of FAMILIES) {
    test(`${path} has exactly one site header, the page's banner landmark, with the brand linking home`, async ({ page }) => {
      await openAt(page, path, T0);
      const header = page.getByRole('banner');
      await expect(header).toHaveCount(1);
      await expect(header).toHaveAttribute('data-site-header', '');
      await expect(header.getByRole('link', { name: 'The Sacred Business Audio Summit' })).toHaveAttribute('href', '/');
      await expect(header.getByRole('link', { name: 'Find my access' })).toHaveAttribute('href', '/access');
      // "Register" is the landing page's call to action only.
      await expect(header.getByRole('link', { name: 'Register' })).toHaveCount(path === '/' ? 1 : 0);
      await expect(header.getByRole('navigation', { name: 'Your summit' })).toBeHidden();
    });
  }

  test('widgets have no site header', async ({ page }) => {
    await openAt(page, '/july/speakers-embed', T0);
    await expect(page.locator('[data-site-header]')).toHaveCount(0);
  });

  test('the brand name is set in the brand heading font; the call to action uses the brand colour', async ({ page }) => {
    await openAt(page, '/', T0);
    const name = page.locator('[data-site-header] [data-brand-name]');
    expect(await name.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Fraunces"?,/);
    const register = page.getByRole('banner').getByRole('link', { name: 'Register' });
    await expect(register).toHaveAttribute('href', '/register');
    const colours = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary-strong').trim());
    expect(colours).toMatch(/^#[0-9A-Fa-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(colours.slice(i, i + 2), 16));
    expect(await register.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(`rgb(${r}, ${g}, ${b})`);
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px a registrant's cached landing page shows their days, dashboard and sign-out, in one shift-free paint`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      await context.addCookies([{ name: 'summit_signed_in', value: 'september', url: baseURL as string }]);
      // Every layout shift of the page's life, from the first paint.
      await context.addInitScript(() => {
        (window as unknown as { shifts: number[] }).shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            (window as unknown as { shifts: number[] }).shifts.push((entry as unknown as { value: number }).value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      await openAt(page, '/', T0);
      const nav = page.getByRole('navigation', { name: 'Your summit' });
      await expect(nav).toBeVisible();
      for (const [name, page_] of [
        ['Day 1', 'day-1'],
        ['Day 2', 'day-2'],
        ['Day 3', 'day-3'],
        ['Dashboard', 'dashboard'],
      ]) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/september/${page_}`);
        await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport();
      }
      await expect(nav.getByRole('button', { name: 'Sign out' })).toBeInViewport();
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Find my access' })).toBeHidden();
      await expect(header.getByRole('link', { name: 'Register' })).toBeHidden();
      // Compact on a phone: the brand row and one row of links.
      const height = (await header.boundingBox())!.height;
      expect(height).toBeLessThan(width < 600 ? 130 : 90);
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0))).toBe(0);
      await context.close();
    });
  }

  test('every header target is at least 24 by 24 px and shows a focus ring from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAt(page, '/', T0);
    const targets = page.locator('[data-site-header] a:visible, [data-site-header] button:visible');
    expect(await targets.count()).toBe(3);
    for (const target of await targets.all()) {
      const box = (await target.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('href', '/');
    expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Find my access');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Register');
  });

  test('on a personal page the server decides who is signed in: the hint cookie alone reveals nothing', async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'summit_signed_in', value: 'july', url: baseURL as string }]);
    const page = await context.newPage();
    // The hint cookie alone proves nothing on a personal page: the server decides, and it knows no registrant here.
    await openAt(page, '/july/day-1', T0);
    await expect(page.getByRole('navigation', { name: 'Your summit' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Find my access' })).toBeVisible();
    await context.close();
  });
});

test.describe('brand font', () => {
  test('headings use the self-hosted brand font, preloaded from our own origin, no third-party host', async ({ page, baseURL }) => {
    const fontHosts = new Set<string>();
    const fontFiles: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'font') return;
      fontHosts.add(new URL(request.url()).origin);
      fontFiles.push(new URL(request.url()).pathname);
    });
    await openAt(page, '/', T0);
    const preload = page.locator('link[rel="preload"][as="font"]');
    await expect(preload).toHaveCount(1);
    const href = (await preload.getAttribute('href')) as string;
    expect(href).toMatch(/^\/.*\.woff2$/);
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('font/woff2');
    expect(await page.evaluate(() => document.fonts.ready.then(() => document.fonts.check('700 32px "Fraunces"')))).toBe(true);
    const family = await page.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).fontFamily);
    expect(family).toMatch(/^"?Fraunces"?,/);
    expect([...fontHosts]).toEqual([new URL(baseURL as string).origin]);
    // The landing's headings are plain ASCII: only the preloaded core file is fetched.
    expect(fontFiles).toEqual([href]);
  });

  test('an accented heading character fetches the rest of the font, and only then', async ({ page }) => {
    const fontFiles: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontFiles.push(new URL(request.url()).pathname);
    });
    await openAt(page, '/thank-you', T0);
    await page.evaluate(() => document.fonts.ready);
    expect(fontFiles).toHaveLength(1);
    expect(await page.evaluate(() => document.fonts.check('700 32px "Fraunces"', 'Élodie'))).toBe(false);
    await page.evaluate(() => {
      const heading = document.createElement('h2');
      heading.className = 'font-serif font-bold';
      heading.textContent = 'Élodie Brûlé';
      document.querySelector('main')?.append(heading);
      return document.fonts.load('700 32px "Fraunces"', 'Élodie Brûlé');
    });
    expect(fontFiles).toHaveLength(2);
    expect(fontFiles[1]).toMatch(/^\/_astro\/fraunces-700-rest\.[\w-]+\.woff2$/);
    expect(await page.evaluate(() => document.fonts.check('700 32px "Fraunces"', 'Élodie'))).toBe(true);
  });
});

test.describe('the day pages, dashboards and embed gallery: nothing to fetch before the largest paint (decision 0026)', () => {
  for (const path of ['/july/day-1', '/september/dashboard', '/embed']) {
    test(`${path} carries its behaviours in the page: no script file of ours`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await openAt(page, path, T0);
      await page.waitForLoadState('load');
      // A module of the page script that an island also imports becomes a shared chunk: the
      // script is then a file that imports another, two round trips before the largest paint
      // (+200 ms of simulated mobile LCP when local-time.ts shared dates.ts with an island).
      expect(scripts.filter((script) => script.startsWith('/_astro/'))).toEqual([]);
      await expect(page.locator('script[type="module"]:not([src])')).toHaveCount(1);
    });
  }
});
