import { expect, test } from '@playwright/test';
import { openAt } from './support/clock.ts';

const T0 = new Date('2026-02-01T09:00:00Z');

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the landing shows four speakers, then all of them after "Show all"', async ({ page }) => {
    await openAt(page, '/', T0);
    const cards = page.locator('#speakers [data-speaker-card]');
    const total = await cards.count();
    expect(total).toBeGreaterThan(4);
    await expect(cards.locator('visible=true')).toHaveCount(4);
    const before = (await page.locator('#speakers').boundingBox())!.height;
    expect(before).toBeLessThan(4000);
    await page.getByRole('checkbox', { name: `Show all ${total} speakers` }).check();
    await expect(cards.locator('visible=true')).toHaveCount(total);
  });

  test('the consent checkbox is at least 24 by 24 px (WCAG 2.2 target size)', async ({ page }) => {
    await openAt(page, '/register', T0);
    const box = (await page.getByRole('checkbox', { name: /send me the summit’s reminders/ }).boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
  });

  test('setup-guide item titles use the card’s width, not one word per line', async ({ page }) => {
    await openAt(page, '/setup-guide', T0);
    const title = page.locator('[data-item] h3').first();
    expect((await title.boundingBox())!.width).toBeGreaterThan(250);
    const box = (await page.locator('[data-item] input[type="checkbox"]').first().boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
  });
});

test.describe('dashboard cards', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('bonus bundle images are framed whole and a lone bonus card is not a third of a row', async ({ page }) => {
    await openAt(page, '/september/dashboard', T0);
    const image = page.locator('[data-bonus-bundle-item] img').first();
    await expect(image).toHaveCSS('object-fit', 'contain');
    const cards = page.locator('[data-bonus-card]');
    await expect(cards).toHaveCount(1);
    expect((await cards.first().boundingBox())!.width).toBeGreaterThan(500);
  });

  test('in an open day, a speaker card keeps its own height beside a taller one', async ({ page }) => {
    await openAt(page, '/september/dashboard', T0);
    const panel = page.locator('[data-day-panel="1"]');
    if (!(await panel.evaluate((el) => (el as HTMLDetailsElement).open))) await panel.locator('summary').click();
    await expect(panel.locator('[data-day-speakers] > ul')).toHaveCSS('align-items', /^(flex-)?start$/);
  });
});
