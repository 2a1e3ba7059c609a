import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { E2E_ADMIN, signInAsAdmin } from './support/admin.ts';
import { startServerWithAdmin } from './support/server-process.ts';

/**
 * Admin → Webhooks (docs/PRODUCT.md "Admin"): a server of its own that may send to loopback
 * (WEBHOOKS_ALLOW_PRIVATE), and a real receiver that verifies every delivery with the
 * standardwebhooks reference library.
 */
let server: Awaited<ReturnType<typeof startServerWithAdmin>>;
let receiver: http.Server;
let receiverUrl = '';
const received: { type: string; email?: string; verified: boolean }[] = [];
let secret = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const verified = (() => {
        try {
          new Webhook(secret).verify(raw, headers);
          return true;
        } catch {
          return false;
        }
      })();
      const body = JSON.parse(raw) as { type: string; data: { email?: string } };
      received.push({ type: body.type, email: body.data.email, verified });
      if (req.url === '/gone') res.writeHead(410);
      res.end(req.url === '/gone' ? 'no longer here' : 'thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  server = await startServerWithAdmin(E2E_ADMIN, { WEBHOOKS_ALLOW_PRIVATE: 'true' });
});
test.afterAll(async () => {
  await server?.stop();
  server?.remove();
  receiver?.closeAllConnections();
  receiver?.close();
});

test.describe.configure({ mode: 'serial' });

const openScreen = async (page: Page) => {
  await signInAsAdmin(page, server.url);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks$/);
};

test('an endpoint is added with its secret shown once, gets signed events, and is tested, rotated, paused and deleted', async ({
  page,
}) => {
  await openScreen(page);
  const form = page.locator('[data-add-endpoint]');

  // Bad input: a message at each field, nothing stored.
  await form.getByLabel('Address (https://…)').fill('not an address');
  await form.getByRole('button', { name: 'Add the endpoint' }).click();
  await expect(page.getByText('Enter a full address, such as https://hooks.example.com/summit.')).toBeVisible();
  await expect(page.getByText('Choose at least one event to send.')).toBeVisible();
  await expect(form.getByLabel('Address (https://…)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('No endpoints yet.')).toBeVisible();

  await form.getByLabel('Address (https://…)').fill(receiverUrl);
  await form.getByLabel('registration.created').check();
  await form.getByRole('button', { name: 'Add the endpoint' }).click();
  await expect(page.getByText('Endpoint added. Copy its secret now: it is not shown again.')).toBeVisible();
  secret = (await page.locator('[data-secret]').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  await page.goto(`${server.url}/admin/webhooks`);
  await expect(page.locator('[data-secret]')).toHaveCount(0);

  // A registration reaches the receiver, signed, and shows in the delivery log.
  const answer = await page.request.post(`${server.url}/register`, {
    form: { firstName: 'Hooked', email: 'hooked@example.com' },
    headers: { origin: server.url },
  });
  expect(answer.status()).toBeLessThan(400);
  await expect
    .poll(() => received.map((r) => [r.type, r.email, r.verified]))
    .toEqual([['registration.created', 'hooked@example.com', true]]);
  await page.goto(`${server.url}/admin/webhooks`);
  const endpoint = page.locator('[data-endpoint]');
  await expect(endpoint.locator('[data-delivery-log] tbody tr')).toHaveCount(1);
  await expect(endpoint.locator('[data-delivery-log] tbody tr').first()).toContainText('registration.created');
  await expect(endpoint.locator('[data-delivery-log] tbody tr').first()).toContainText('200');
  await expect(endpoint.locator('[data-delivery-log] tbody tr').first()).toContainText('thanks');

  await endpoint.getByRole('button', { name: 'Send a test event' }).click();
  await expect(page.getByText('A test event is on its way.')).toBeVisible();
  await expect.poll(() => received.length).toBe(2);

  await page.locator('[data-endpoint]').getByRole('button', { name: 'Resend' }).first().click();
  await expect(page.getByText('The event will be sent again.')).toBeVisible();
  await expect.poll(() => received.length).toBe(3);

  await page.locator('[data-endpoint]').getByRole('button', { name: 'Rotate secret' }).click();
  const rotated = (await page.locator('[data-secret]').textContent()) ?? '';
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);

  await page.locator('[data-endpoint]').getByRole('button', { name: 'Pause' }).click();
  await expect(page.locator('[data-endpoint]')).toContainText('Paused');
  await page.locator('[data-endpoint]').getByRole('button', { name: 'Resume' }).click();
  await expect(page.locator('[data-endpoint]')).toContainText('Active');

  await page.locator('[data-endpoint]').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Endpoint deleted.')).toBeVisible();
  await expect(page.getByText('No endpoints yet.')).toBeVisible();
  expect(received.every((r) => r.verified)).toBe(true);
});

test('an endpoint that answers 410 is switched off, every admin screen says so, and Resume clears it', async ({ page }) => {
  await openScreen(page);
  const form = page.locator('[data-add-endpoint]');
  await form.getByLabel('Address (https://…)').fill(receiverUrl.replace('/hook', '/gone'));
  await form.getByLabel('pass.granted').check();
  await form.getByRole('button', { name: 'Add the endpoint' }).click();
  secret = (await page.locator('[data-secret]').textContent()) ?? '';
  await page.locator('[data-endpoint]').getByRole('button', { name: 'Send a test event' }).click();
  await expect.poll(() => received.filter((r) => r.type === 'pass.granted').length).toBe(1);
  await expect
    .poll(async () => {
      await page.goto(`${server.url}/admin`);
      return page.locator('[data-webhooks-off-notice]').count();
    })
    .toBe(1);
  await expect(page.locator('[data-webhooks-off-notice]')).toContainText('1 webhook endpoint was switched off after failing');
  await page.locator('[data-webhooks-off-notice]').getByRole('link', { name: 'See the webhooks' }).click();
  await expect(page.locator('[data-disabled-notice]')).toContainText('The receiver answered 410 Gone.');
  await expect(page.locator('[data-delivery-log] tbody tr').first()).toContainText('410');
  await page.locator('[data-endpoint]').getByRole('button', { name: 'Resume' }).click();
  await expect(page.locator('[data-endpoint]')).toContainText('Active');
  await expect(page.locator('[data-webhooks-off-notice]')).toHaveCount(0);
});
