import { expect, test, type Page } from '@playwright/test';
import { kitApi } from '../support/list-stand-ins/kit.ts';
import { standInServer } from '../support/list-stand-ins/stand-in.ts';
import { E2E_ADMIN, signInAsAdmin } from './support/admin.ts';
import { startServerWithAdmin } from './support/server-process.ts';

/**
 * Admin → Integrations (docs/PRODUCT.md "Admin", docs/decisions/0059) as a host uses it on a
 * phone: a server of its own whose KIT_API_URL is a local server answering as Kit's API reference
 * documents (every request checked), a registrant who consents and one who does not.
 */
const KEY = 'kit_e2e_key_5678';
const kit = standInServer(kitApi(KEY));
let server: Awaited<ReturnType<typeof startServerWithAdmin>>;

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const kitUrl = await kit.listen();
  server = await startServerWithAdmin(E2E_ADMIN, { KIT_API_URL: `${kitUrl}/v4` });
});
test.afterAll(async () => {
  await server?.stop();
  server?.remove();
  await kit.close();
});

const openScreen = async (page: Page) => {
  await signInAsAdmin(page, server.url);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/admin\/integrations$/);
};

const register = (page: Page, email: string, consent: boolean) =>
  page.request.post(`${server.url}/register`, {
    form: { firstName: 'Listy', email, ...(consent ? { consent: 'on' } : {}) },
    headers: { origin: server.url },
  });

test('a host connects Kit, and consenting registrants arrive there tagged; the log and the errors show on the screen', async ({
  page,
}, info) => {
  await openScreen(page);
  const form = page.locator('[data-connection-form="new"]');
  await form.getByLabel('Service').selectOption('kit');
  await form.getByLabel('API key').fill(KEY);
  const registered = form.locator('[data-rule="registered"]');
  await registered.getByLabel('Tag').fill('summit 2026');
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('The connection was not saved: see the fields below.')).toBeVisible();
  await expect(registered.getByText('Tag ID: a number, as the provider shows it.')).toBeVisible();
  await expect(registered.getByLabel('Tag')).toHaveAttribute('aria-invalid', 'true');
  await expect(registered.getByLabel('Tag')).toHaveValue('summit 2026');
  await expect(page.getByText('No e-mail list connected yet.')).toBeVisible();

  await form.getByLabel('API key').fill(KEY);
  await registered.getByLabel('Tag').fill('4242');
  await form.getByText('When they listen to a day').click();
  await form.locator('[data-rule="listened:1"]').getByLabel('Tag').fill('5151');
  await form.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Connected. Registrants who consent from now on are added.')).toBeVisible();
  const card = page.locator('[data-connection]');
  await expect(card).toContainText('Kit (ConvertKit)');
  await expect(card).toContainText('key ending 5678');
  expect(await page.content()).not.toContain(KEY);

  expect((await register(page, 'yes.please@example.com', true)).status()).toBeLessThan(400);
  expect((await register(page, 'no.thanks@example.com', false)).status()).toBeLessThan(400);
  await expect.poll(() => kit.state.subscribers.map((s) => [s.email_address, s.tags])).toEqual([['yes.please@example.com', [4242]]]);
  // Both deliveries are logged, the one that was not sent too (the worker may log it a moment later).
  await expect
    .poll(async () => {
      await page.goto(`${server.url}/admin/integrations`);
      return card.locator('[data-delivery-log] tbody tr').count();
    })
    .toBe(2);
  await expect(card.locator('[data-delivery-log]')).toContainText('POST /subscribers → 201');
  await expect(card.locator('[data-delivery-log]')).toContainText('Not sent: no marketing consent, so not added.');

  kit.fail({ status: 401, json: { errors: ['The access token is invalid'] } });
  expect((await register(page, 'later@example.com', true)).status()).toBeLessThan(400);
  await expect
    .poll(async () => {
      await page.goto(`${server.url}/admin/integrations`);
      return page.locator('[data-latest-errors]').count();
    })
    .toBe(1);
  await expect(page.locator('[data-latest-errors]')).toContainText('401');
  await expect(page.locator('[data-latest-errors]')).toContainText('The access token is invalid');
  await page.screenshot({ path: info.outputPath('integrations-390.png'), fullPage: true });
  // Nothing makes the phone scroll sideways (the log's table scrolls inside its own box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(kit.violations).toEqual([]);
});
