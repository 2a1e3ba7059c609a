/**
 * Prices that change (docs/decisions/0064) as a host and a visitor meet them on a phone: the host
 * sells the edition in euros with an early All Access price until a date and time, typed on the
 * edition form; bad prices are refused under their fields and nothing is stored; the thank-you
 * page then shows the early price in euros with its deadline, and the full price once the
 * deadline has passed (the server's clock set per request, x-test-now). A server of its own, so
 * no other test sees euros.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/admin.ts';
import { openAt, setServerTime } from './support/clock.ts';
import { startServerWithAdmin, type ServerProcess } from './support/server-process.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

const ADMIN = { email: 'early-prices-admin@example.com', password: 'early prices admin password' };
/** 23:59 on Friday 4 December 2026 in Sydney (the demo edition's zone, UTC+11 then) is 12:59 UTC. */
const BEFORE = new Date('2026-12-04T12:58:00Z');
const AFTER = new Date('2026-12-04T12:59:00Z');
let server: ServerProcess & { remove(): void };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServerWithAdmin(ADMIN, { UNSAFE_TEST_CLOCK: 'true', LOG_LEVEL: 'warn' });
});
test.afterAll(async () => {
  await server?.stop();
  server?.remove();
});

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
const messageOf = (page: Page, name: string) => page.locator(`[data-admin-field="${name}"]`);
const save = (page: Page) => page.getByRole('button', { name: 'Save the edition' }).click();

async function openForm(page: Page): Promise<void> {
  await page.goto(`${server.url}/admin/editions/july`);
  await expect(field(page, 'settings.upgrade.aap.price')).toBeVisible();
}

test('bad prices are refused under their fields, and nothing is stored', async ({ page }) => {
  await signInAsAdmin(page, server.url, ADMIN);
  await openForm(page);
  // Amounts are typed in major units and show the currency beside them.
  await expect(field(page, 'settings.upgrade.aap.price')).toHaveValue('197.00');
  await expect(page.getByLabel('All Access Pass: price (USD)')).toBeVisible();
  await field(page, 'settings.checkout.currency').fill('EUR');
  await field(page, 'settings.upgrade.replay.price').fill('-5');
  await field(page, 'settings.upgrade.aap.earlyPrice').fill('250');
  await field(page, 'settings.upgrade.aap.earlyPriceUntil').fill('2026-12-04T23:59');
  await save(page);
  await expect(page.getByRole('alert')).toContainText('Nothing was saved');
  await expect(messageOf(page, 'settings.upgrade.replay.price')).toContainText('Enter an amount of 0 or more in EUR');
  await expect(field(page, 'settings.upgrade.replay.price')).toHaveAttribute('aria-invalid', 'true');
  await field(page, 'settings.upgrade.replay.price').fill('77');
  await save(page);
  await expect(messageOf(page, 'settings.upgrade.aap.earlyPrice')).toContainText('The early price must be below the pass’s price.');

  await field(page, 'settings.upgrade.aap.earlyPrice').fill('97');
  await field(page, 'settings.upgrade.aap.earlyPriceUntil').fill('');
  await save(page);
  await expect(messageOf(page, 'settings.upgrade.aap.earlyPriceUntil')).toContainText(
    'Give both an early price and the date and time it ends, or neither.',
  );
  await field(page, 'settings.upgrade.aap.price').fill('19.999');
  await save(page);
  await expect(messageOf(page, 'settings.upgrade.aap.price')).toContainText('EUR takes at most 2 digits after the point.');

  await openForm(page);
  await expect(field(page, 'settings.checkout.currency')).toHaveValue('usd');
  await expect(field(page, 'settings.upgrade.aap.earlyPrice')).toHaveValue('');
});

test('the host sets an early price in euros; the thank-you page shows it with its deadline, then the full price', async ({ page }) => {
  await signInAsAdmin(page, server.url, ADMIN);
  await openForm(page);
  await field(page, 'settings.checkout.currency').fill('EUR');
  await field(page, 'settings.upgrade.aap.price').fill('197');
  await field(page, 'settings.upgrade.aap.earlyPrice').fill('97');
  await field(page, 'settings.upgrade.aap.earlyPriceUntil').fill('2026-12-04T23:59');
  await save(page);
  await expect(page.getByRole('status')).toContainText('Saved the edition.');
  await expect(page.getByLabel('All Access Pass: early price (EUR)')).toHaveValue('97.00');
  await expect(field(page, 'settings.upgrade.aap.earlyPriceUntil')).toHaveValue('2026-12-04T23:59');

  const visitor = await (
    await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 390, height: 844 } })
  ).newPage();
  await setServerTime(visitor, BEFORE);
  await visitor.goto(`${server.url}/thank-you`);
  const aap = visitor.locator('li', { has: visitor.locator('[data-plan="aap"]') });
  await expect(aap.locator('[data-price]')).toHaveText('€97.00');
  await expect(aap.locator('[data-price-note]')).toHaveText('€97.00 until Fri Dec 4, 23:59 (Australia/Sydney), then €197.00');
  await expect(visitor.locator('li', { has: visitor.locator('[data-plan="replay"]') }).locator('[data-price]')).toHaveText('€77.00');
  await expect(visitor.locator('main')).not.toContainText('$');
  await aap.locator('[data-price-note]').scrollIntoViewIfNeeded();
  await visitor.screenshot({ path: test.info().outputPath('thank-you-early-price-390.png') });

  await setServerTime(visitor, AFTER);
  await visitor.goto(`${server.url}/thank-you`);
  await expect(aap.locator('[data-price]')).toHaveText('€197.00');
  await expect(aap.locator('[data-price-note]')).toHaveCount(0);
  await expect(visitor.locator('main')).not.toContainText('€97.00');
});

test('the dashboard’s cached page shows the early price until its deadline, and never after it', async ({ browser }) => {
  const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const aap = visitor.locator('[data-tier="aap"]');
  // The first visit renders and caches the page (a shell shared by the edition's visitors); the second is served from it.
  for (let visit = 0; visit < 2; visit++) {
    await openAt(visitor, `${server.url}/july/dashboard`, BEFORE);
    await expect(aap.locator('[data-price]')).toHaveText('€97.00');
    await expect(aap.locator('[data-price-note]')).toHaveText('€97.00 until Fri Dec 4, 23:59 (Australia/Sydney), then €197.00');
  }
  await setServerTime(visitor, AFTER);
  await visitor.goto(`${server.url}/july/dashboard`);
  await expect(aap.locator('[data-price]')).toHaveText('€197.00');
  await expect(aap.locator('[data-price-note]')).toHaveCount(0);
  await expect(visitor.locator('[data-workshop]')).toContainText('€4.99');
});
